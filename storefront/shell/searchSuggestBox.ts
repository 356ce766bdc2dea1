/**
 * The behaviour of the header's search suggest box (ARIA combobox with a listbox), kept free of React
 * so that typing and keyboard rules can be tested on their own.
 */

/** Suggestions are asked for after the shopper paused typing this long… */
export const SUGGEST_DELAY_MS = 250;
/** …and only for terms of at least this many characters. */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_LIMIT = 5;

export interface SuggestTrigger {
  /** The shopper typed: a shorter term cancels, a longer one is asked for after the pause. */
  input(term: string): void;
  cancel(): void;
}

/** Calls `ask(term)` once typing rests for `delayMs`, with the trimmed term, never for short terms. */
export function createSuggestTrigger(
  ask: (term: string) => void,
  { delayMs = SUGGEST_DELAY_MS, minLength = SUGGEST_MIN_LENGTH }: { delayMs?: number; minLength?: number } = {},
): SuggestTrigger {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    input(term) {
      cancel();
      const trimmed = term.trim();
      if (trimmed.length < minLength) return;
      timer = setTimeout(() => {
        timer = undefined;
        ask(trimmed);
      }, delayMs);
    },
    cancel,
  };
}

export interface SuggestBoxState {
  open: boolean;
  /** The highlighted option, -1 when none (the input keeps the focus either way: aria-activedescendant). */
  active: number;
}

export const CLOSED_SUGGEST_BOX: SuggestBoxState = { open: false, active: -1 };

/** What the component does after a key: nothing more, follow the highlighted option, or let the form submit. */
export type SuggestKeyOutcome = { state: SuggestBoxState; handled: boolean; follow?: number };

/**
 * The WAI-ARIA combobox keys: ArrowDown/ArrowUp move through the options (wrapping, opening the list),
 * Home/End are left to the text field, Enter follows the highlighted option (else submits the search),
 * Escape closes the list (a second Escape is the field's own: it clears).
 */
export function suggestKeyDown(state: SuggestBoxState, key: string, optionCount: number): SuggestKeyOutcome {
  switch (key) {
    case 'ArrowDown':
      if (optionCount === 0) return { state, handled: false };
      if (!state.open) return { state: { open: true, active: 0 }, handled: true };
      return { state: { open: true, active: (state.active + 1) % optionCount }, handled: true };
    case 'ArrowUp':
      if (optionCount === 0) return { state, handled: false };
      if (!state.open) return { state: { open: true, active: optionCount - 1 }, handled: true };
      return { state: { open: true, active: state.active <= 0 ? optionCount - 1 : state.active - 1 }, handled: true };
    case 'Enter':
      if (state.open && state.active >= 0 && state.active < optionCount) {
        return { state: CLOSED_SUGGEST_BOX, handled: true, follow: state.active };
      }
      return { state: CLOSED_SUGGEST_BOX, handled: false };
    case 'Escape':
      if (state.open) return { state: CLOSED_SUGGEST_BOX, handled: true };
      return { state, handled: false };
    case 'Tab':
      return { state: CLOSED_SUGGEST_BOX, handled: false };
    default:
      return { state, handled: false };
  }
}
