import Testing

@testable import ChulbalStore

/// A file refused as it is is said to be refused, and left, in the same words each time.
@Suite struct StoreErrorTextTests {
  @Test(arguments: [
    (
      StoreError.damaged(path: "/tmp/c.db", reason: "SQLite: file is not a database"),
      "데이터베이스 '/tmp/c.db' 파일이 손상되었습니다 (SQLite: file is not a database). 파일은 바꾸지 않았습니다"
    ),
    (
      StoreError.damaged(path: "c.db", reason: "'alert_log' 테이블이 없습니다"),
      "데이터베이스 'c.db' 파일이 손상되었습니다 ('alert_log' 테이블이 없습니다). 파일은 바꾸지 않았습니다"
    ),
    (
      StoreError.notChulbal(path: "사진.db"),
      "'사진.db'는 chulbal 데이터베이스가 아닙니다 (다른 파일은 --db로 고르세요). 파일은 바꾸지 않았습니다"
    ),
    (
      StoreError.newerVersion(path: "c.db", found: 99, supported: 3),
      "'c.db'는 더 새로운 chulbal이 만든 데이터베이스입니다 (스키마 99, 이 버전은 3까지). 파일은 바꾸지 않았습니다"
    ),
  ])
  func refusedFilesSayTheyWereLeftUnchanged(error: StoreError, text: String) {
    #expect(error.description == text)
  }
}
