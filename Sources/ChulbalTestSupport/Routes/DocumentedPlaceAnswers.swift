/// What the place searches answer, in the shape their documentation shows.
extension DocumentedAnswers {
  /// https://developers.kakao.com/docs/latest/ko/local/dev-guide (키워드로 장소 검색하기): the
  /// page's example answer for `query=카카오프렌즈` around `x=127.06283102249932`,
  /// `y=37.514322572335935`: its `meta` and first document as shown, then one more document in
  /// the same shape whose road address is empty, as the page says one may be.
  public static let kakaoKeyword = """
    {"meta":{"same_name":{"region":[],"keyword":"카카오프렌즈","selected_region":""},\
    "pageable_count":14,"total_count":14,"is_end":true},"documents":[\
    {"place_name":"카카오프렌즈 코엑스점","distance":"418",\
    "place_url":"http://place.map.kakao.com/26338954",\
    "category_name":"가정,생활 > 문구,사무용품 > 디자인문구 > 카카오프렌즈",\
    "address_name":"서울 강남구 삼성동 159","road_address_name":"서울 강남구 영동대로 513",\
    "id":"26338954","phone":"02-6002-1880","category_group_code":"","category_group_name":"",\
    "x":"127.05902969025047","y":"37.51207412593136"},\
    {"place_name":"카카오프렌즈 스타필드 코엑스몰점","distance":"479",\
    "place_url":"http://place.map.kakao.com/1510978704",\
    "category_name":"가정,생활 > 문구,사무용품 > 디자인문구 > 카카오프렌즈",\
    "address_name":"서울 강남구 삼성동 159","road_address_name":"",\
    "id":"1510978704","phone":"","category_group_code":"","category_group_name":"",\
    "x":"127.0587241","y":"37.5115032"}]}
    """

  /// Kakao Local's answer when nothing matches: the same shape, no documents.
  public static let kakaoKeywordEmpty = """
    {"meta":{"same_name":{"region":[],"keyword":"없는곳","selected_region":""},\
    "pageable_count":0,"total_count":0,"is_end":true},"documents":[]}
    """

  /// https://nominatim.org/release-docs/latest/api/Output/ (JSONv2: the JSON fields with
  /// `category` for `class` and `place_rank`; `lat`, `lon` as strings). The first place carries
  /// the `name` newer servers add; the second has none, so its name is the first part of
  /// `display_name`.
  public static let nominatim = """
    [{"place_id":281935046,"licence":"Data © OpenStreetMap contributors, ODbL 1.0. \
    https://osm.org/copyright","osm_type":"node","osm_id":2524398410,\
    "boundingbox":["37.4979462","37.4980462","127.0275563","127.0276563"],\
    "lat":"37.4979962","lon":"127.0276063","display_name":"강남, 강남대로, 역삼동, 강남구, \
    서울특별시, 06232, 대한민국","place_rank":30,"category":"railway","type":"station",\
    "importance":0.4606,"name":"강남"},\
    {"place_id":281935047,"licence":"Data © OpenStreetMap contributors, ODbL 1.0. \
    https://osm.org/copyright","osm_type":"way","osm_id":461204511,\
    "boundingbox":["37.4968","37.4992","127.0262","127.0290"],\
    "lat":"37.498","lon":"127.0276","display_name":"강남역 지하상가, 역삼동, 강남구, \
    서울특별시, 대한민국","place_rank":30,"category":"shop","type":"mall","importance":0.2}]
    """
}
