/**
 * How the CMS's layout settings become CSS. Editors' values go into inline styles, so only plain lengths
 * and colours pass: anything else (url(), expressions, a stray `;`) is dropped.
 */

export interface CmsVisibilityFlags {
  mobile: boolean;
  tablet: boolean;
  desktop: boolean;
}

/**
 * SPEC §2: visibility flags hide content on mobile (md), tablet (lg) and desktop (xl); the classes are
 * defined with the breakpoints in storefront/ui/tokens.css.
 */
export function visibilityClasses(visibility: CmsVisibilityFlags): string {
  const classes: string[] = [];
  if (!visibility.mobile) classes.push('hide-md');
  if (!visibility.tablet) classes.push('hide-lg');
  if (!visibility.desktop) classes.push('hide-xl');
  return classes.join(' ');
}

const LENGTH = /^-?\d{1,4}(\.\d{1,3})?(px|rem|em|%|vh|vw)?$/;
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;

/** A CSS length from the CMS (e.g. "20px"), or undefined when it is not one. */
export function cmsLength(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v && LENGTH.test(v) ? v : undefined;
}

/** A CSS colour from the CMS (#hex, rgb(a) or a colour name), or undefined when it is not one. */
export function cmsColor(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v && COLOR.test(v) ? v : undefined;
}

/** Joins class names, skipping empty ones. */
export function classNames(...names: (string | false | null | undefined)[]): string | undefined {
  const joined = names.filter(Boolean).join(' ');
  return joined || undefined;
}
