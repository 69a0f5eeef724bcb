import FoundationEssentials
import Glibc

/// What a failed system call's `errno` means, in the Korean every message is written in; the
/// C library's own words in brackets for a rarer one.
public enum SystemErrorText {
  public static func reason(_ code: Int32) -> String {
    switch code {
    case ENOSPC: "디스크에 남은 공간이 없습니다"
    case EDQUOT: "디스크 할당량을 넘었습니다"
    case EBADF: "닫혀 있습니다"
    case EPIPE: "읽는 쪽이 파이프를 닫았습니다"
    case EIO: "입출력 오류가 났습니다"
    case EFBIG: "파일이 너무 커졌습니다"
    case EACCES: "경로의 폴더에 들어갈 권한이 없습니다"
    case ELOOP: "심볼릭 링크가 끝없이 돌고 있습니다"
    case ENOTDIR: "경로 중간에 폴더가 아닌 파일이 있습니다"
    case ENAMETOOLONG: "경로가 너무 깁니다"
    case EROFS: "읽기 전용 파일 시스템입니다"
    case ENOENT: "경로의 폴더가 없습니다"
    case EISDIR: "같은 이름의 폴더가 있습니다"
    default: "시스템 오류가 났습니다 [\(String(cString: strerror(code)))]"
    }
  }
}
