/** Characters that would break a line or hide what a path is: controls, line separators, bidi overrides. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|^\s|\s$/u;

/**
 * A path as a person should read it: as is when it is plain, else JSON-quoted (`"svc\nx/yarn.lock"`),
 * as git quotes such paths, so that a newline or a control character in a file name can neither
 * break a report's line nor pass for another path.
 */
export function shownPath(path: string): string {
  return UNSAFE.test(path) ? JSON.stringify(path) : path;
}
