import Testing

@testable import ChulbalCore

/// Each word with how it is read and the particles that follow it, as a Korean editor would
/// write them.
struct ParticleCase: Sendable, CustomTestStringConvertible {
  let word: String
  /// 은/는, 이/가, 을/를, 으로/로 after the word.
  let topic: String, subject: String, object: String, direction: String
  var testDescription: String { word }

  init(_ word: String, _ topic: String, _ subject: String, _ object: String, _ direction: String) {
    self.word = word
    self.topic = topic
    self.subject = subject
    self.object = object
    self.direction = direction
  }
}

@Suite struct KoreanParticleTests {
  static let cases: [ParticleCase] = [
    // Hangul: no final consonant, ㄹ, another final consonant.
    ParticleCase("회의", "는", "가", "를", "로"),
    ParticleCase("서울", "은", "이", "을", "로"),
    ParticleCase("집", "은", "이", "을", "으로"),
    ParticleCase("저녁 약속", "은", "이", "을", "으로"),
    // Quotes and brackets after a word are read past.
    ParticleCase("'집'", "은", "이", "을", "으로"),
    ParticleCase("출발지(기본 출발지)", "는", "가", "를", "로"),
    // Digits as read in Korean: 이, 삼, 칠, 구; 10 is 십.
    ParticleCase("2", "는", "가", "를", "로"),
    ParticleCase("#3", "은", "이", "을", "으로"),
    ParticleCase("7", "은", "이", "을", "로"),
    ParticleCase("GMT+14:59", "는", "가", "를", "로"),
    ParticleCase("10", "은", "이", "을", "으로"),
    // Words in capitals are spelled: 티, 엘, 엠.
    ParticleCase("EST5EDT", "는", "가", "를", "로"),
    ParticleCase("URL", "은", "이", "을", "로"),
    ParticleCase("OSM", "은", "이", "을", "으로"),
    // Other Latin words as their loanwords: 트래블, 버퍼, 오픈, 구글, 카카오, 네이버, 널, 디비.
    ParticleCase("--travel", "은", "이", "을", "로"),
    ParticleCase("--buffer", "는", "가", "를", "로"),
    ParticleCase("xdg-open", "은", "이", "을", "으로"),
    ParticleCase("google", "은", "이", "을", "로"),
    ParticleCase("kakao", "는", "가", "를", "로"),
    ParticleCase("naver", "는", "가", "를", "로"),
    ParticleCase("/dev/null", "은", "이", "을", "로"),
    ParticleCase("chulbal.db", "는", "가", "를", "로"),
    ParticleCase("Asia/Seoul", "은", "이", "을", "로"),
    ParticleCase("rocket", "은", "이", "을", "으로"),
    ParticleCase("next", "는", "가", "를", "로"),
    ParticleCase("help", "는", "가", "를", "로"),
    ParticleCase("zone", "은", "이", "을", "으로"),
    ParticleCase("back", "은", "이", "을", "으로"),
    ParticleCase("loop", "는", "가", "를", "로"),
    ParticleCase("dangling", "은", "이", "을", "으로"),
    ParticleCase("x\\xFF", "는", "가", "를", "로"),
    // Host names as Koreans read them: a domain by its letters (오알지, 케이알, 제이피), a
    // word ending by the word (컴, 넷, 앱, 로컬), a number by its last digit (일).
    ParticleCase("cloud.example.org", "는", "가", "를", "로"),
    ParticleCase("https://mail.naver.com/", "은", "이", "을", "으로"),
    ParticleCase("daum.net", "은", "이", "을", "으로"),
    ParticleCase("cloud.example.co.kr", "은", "이", "을", "로"),
    ParticleCase("example.jp", "는", "가", "를", "로"),
    ParticleCase("chulbal.app", "은", "이", "을", "으로"),
    ParticleCase("radicale.local", "은", "이", "을", "로"),
    ParticleCase("127.0.0.1", "은", "이", "을", "로"),
    ParticleCase("192.168.0.2", "는", "가", "를", "로"),
    ParticleCase("8443", "은", "이", "을", "으로"),
    // Other words without a vowel are spelled too: 엑스엠엘, 피디에프, 에스큐엘.
    ParticleCase("export.xml", "은", "이", "을", "로"),
    ParticleCase("ticket.pdf", "는", "가", "를", "로"),
    ParticleCase("cn", "은", "이", "을", "으로"),
    // Letters a word is known by: 오케이, 아이피; 북 and 룩 end in ㄱ.
    ParticleCase("ok", "는", "가", "를", "로"),
    ParticleCase("ip", "는", "가", "를", "로"),
    ParticleCase("outlook", "은", "이", "을", "으로"),
    // Nothing readable: the vowel forms.
    ParticleCase("/", "는", "가", "를", "로"),
  ]

  @Test(arguments: cases)
  func particlesFollowHowTheWordIsRead(_ example: ParticleCase) {
    #expect(Korean.topicParticle(after: example.word) == example.topic)
    #expect(Korean.subjectParticle(after: example.word) == example.subject)
    #expect(Korean.objectParticle(after: example.word) == example.object)
    #expect(Korean.directionParticle(after: example.word) == example.direction)
  }

}
