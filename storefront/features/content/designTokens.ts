// The /css style guide reads the design tokens from storefront/ui/tokens.css itself (imported as text),
// so the page lists exactly the custom properties the shop's CSS modules use and never drifts from them.

export type DesignTokenGroup = 'colour' | 'fontSize' | 'space' | 'radius' | 'shadow' | 'other';

export interface DesignToken {
  /** the custom property, with its dashes: "--color-primary" */
  name: string;
  value: string;
  /** the comment on the same line, if any */
  note: string | null;
  group: DesignTokenGroup;
}

export interface Breakpoint {
  name: 'md' | 'lg' | 'xl';
  minWidthPx: number;
}

function groupOf(name: string): DesignTokenGroup {
  if (name.startsWith('--color-')) return 'colour';
  if (name.startsWith('--font-size-')) return 'fontSize';
  if (name.startsWith('--space-')) return 'space';
  if (name.startsWith('--radius-')) return 'radius';
  if (name.startsWith('--shadow-')) return 'shadow';
  return 'other';
}

/** The custom properties declared in the stylesheet's `:root` rule, in their order. */
export function parseDesignTokens(css: string): DesignToken[] {
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const tokens: DesignToken[] = [];
  for (const line of root.split('\n')) {
    const match = /^\s*(--[\w-]+)\s*:\s*([^;]+);\s*(?:\/\*\s*(.*?)\s*\*\/)?\s*$/.exec(line);
    if (!match) continue;
    const [, name, value, note] = match;
    tokens.push({ name: name!, value: value!.trim(), note: note ?? null, group: groupOf(name!) });
  }
  return tokens;
}

/**
 * The breakpoints (SPEC §9: mobile md, tablet lg, desktop xl). Custom properties cannot be used in media
 * queries, so tokens.css documents them in its header comment ("md ≥ 768px"); they are read from there.
 */
export function parseBreakpoints(css: string): Breakpoint[] {
  const header = /\/\*([\s\S]*?)\*\//.exec(css)?.[1] ?? '';
  return [...header.matchAll(/\b(md|lg|xl)\s*≥\s*(\d+)px/g)].map((match) => ({ name: match[1] as Breakpoint['name'], minWidthPx: Number(match[2]) }));
}
