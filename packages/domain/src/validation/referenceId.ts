/**
 * The most characters of a reference id: image and archive ids are tens of characters, an embed's composed id
 * (`lcmId=…&embedId=…`, spec 002 §3) some hundreds at most.
 */
export const REFERENCE_ID_MAX_LENGTH = 1000;

// oxlint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MARKUP = /[<>"'`]/;
/** `%2e`, `%2f`, `%5c`: a URL parser reads `%2e%2e` as `..` and some servers decode the slashes. */
const ENCODED_PATH_CHARACTER = /%(?:2e|2f|5c)/i;

/**
 * Spec 000 §3 media value, 002 §3 reference value: what is wrong with the id a value names (a media value's
 * `referenceId`, an asset reference's `id`), or undefined. Ids become parts of file names and URLs (image store,
 * delivery, thumbnails, embed frames), so an id is never a path that climbs or starts over: no "." or ".." segment,
 * no empty segment (a leading or doubled "/"), no backslash, no encoded dot or slash, no control or markup
 * characters, no spaces around it (spec 002 §5 trims an id). Provider ids with slashes (`page/posts/1`) and composed ids (`a=1&b=2`) are ids.
 */
export function referenceIdProblem(id: string): string | undefined {
  if (id.length > REFERENCE_ID_MAX_LENGTH) return `an id has at most ${REFERENCE_ID_MAX_LENGTH} characters, got ${id.length}`;
  if (CONTROL.test(id)) return 'an id has no control characters';
  if (id.trim() !== id) return 'an id has no leading or trailing spaces';
  if (MARKUP.test(id)) return 'an id has no < > " \' or ` characters';
  if (id.includes('\\')) return 'an id has no backslashes';
  if (ENCODED_PATH_CHARACTER.test(id)) return 'an id has no encoded ".", "/" or "\\"';
  if (id.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return 'an id is no path: no leading, trailing or doubled "/" and no "." or ".." parts';
  }
  return undefined;
}
