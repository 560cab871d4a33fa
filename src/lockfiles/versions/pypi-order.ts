import { compare, valid } from '@renovatebot/pep440';

/** PEP 440 ordering (epochs, pre/post/dev releases, local versions) by @renovatebot/pep440. */
export function comparePypi(a: string, b: string): number | undefined {
  if (valid(a) === null || valid(b) === null) return undefined;
  return compare(a, b);
}
