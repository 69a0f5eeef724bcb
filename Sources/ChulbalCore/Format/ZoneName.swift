/// What a Korean reader calls a time zone: its city as Korean news writes it (`뉴욕`, `로스앤젤레스`, by
/// the National Institute of Korean Language's loanword rules), else its IANA name.
public enum ZoneName {
  static let korean: [String: String] = [
    "Asia/Seoul": "서울", "Asia/Pyongyang": "평양", "Asia/Tokyo": "도쿄",
    "Asia/Shanghai": "상하이", "Asia/Hong_Kong": "홍콩", "Asia/Taipei": "타이베이",
    "Asia/Singapore": "싱가포르", "Asia/Bangkok": "방콕", "Asia/Ho_Chi_Minh": "호찌민",
    "Asia/Manila": "마닐라", "Asia/Jakarta": "자카르타", "Asia/Kolkata": "콜카타",
    "Asia/Dubai": "두바이", "Asia/Vladivostok": "블라디보스토크", "Europe/London": "런던",
    "Europe/Paris": "파리", "Europe/Berlin": "베를린", "Europe/Madrid": "마드리드",
    "Europe/Rome": "로마", "Europe/Amsterdam": "암스테르담", "Europe/Moscow": "모스크바",
    "Europe/Istanbul": "이스탄불", "America/New_York": "뉴욕", "America/Chicago": "시카고",
    "America/Denver": "덴버", "America/Los_Angeles": "로스앤젤레스",
    "America/Vancouver": "밴쿠버", "America/Toronto": "토론토", "America/Sao_Paulo": "상파울루",
    "America/Mexico_City": "멕시코시티", "Pacific/Honolulu": "호놀룰루", "Pacific/Guam": "괌",
    "Australia/Sydney": "시드니", "Australia/Melbourne": "멜버른", "Pacific/Auckland": "오클랜드",
    "UTC": "UTC", "Etc/UTC": "UTC", "GMT": "UTC",
  ]

  /// `뉴욕` for `America/New_York`; the identifier itself for a zone without a Korean name.
  public static func of(_ identifier: String) -> String { korean[identifier] ?? identifier }
}
