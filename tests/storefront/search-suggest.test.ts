import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOSED_SUGGEST_BOX,
  createSuggestTrigger,
  suggestKeyDown,
  type SuggestBoxState,
} from '../../storefront/shell/searchSuggestBox';

describe('search suggest: asking while the shopper types', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once, 250 ms after the last key, with the trimmed term', () => {
    const ask = vi.fn();
    const trigger = createSuggestTrigger(ask);
    for (const term of ['v', 'vi', 'vit', 'vita ']) {
      trigger.input(term);
      vi.advanceTimersByTime(100);
    }
    expect(ask).not.toHaveBeenCalled();
    vi.advanceTimersByTime(149);
    expect(ask).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ask).toHaveBeenCalledExactlyOnceWith('vita');
  });

  it('never asks for fewer than 2 characters, and a shorter term cancels a pending ask', () => {
    const ask = vi.fn();
    const trigger = createSuggestTrigger(ask);
    trigger.input(' v ');
    vi.advanceTimersByTime(1000);
    trigger.input('vi');
    vi.advanceTimersByTime(200);
    trigger.input('v');
    vi.advanceTimersByTime(1000);
    expect(ask).not.toHaveBeenCalled();
  });

  it('cancel drops the pending ask (the form was submitted)', () => {
    const ask = vi.fn();
    const trigger = createSuggestTrigger(ask);
    trigger.input('vitamin');
    trigger.cancel();
    vi.advanceTimersByTime(1000);
    expect(ask).not.toHaveBeenCalled();
  });
});

describe('search suggest: combobox keys', () => {
  const open = (active: number): SuggestBoxState => ({ open: true, active });

  it('ArrowDown opens on the first option and wraps at the end', () => {
    expect(suggestKeyDown(CLOSED_SUGGEST_BOX, 'ArrowDown', 3)).toEqual({ state: open(0), handled: true });
    expect(suggestKeyDown(open(0), 'ArrowDown', 3).state).toEqual(open(1));
    expect(suggestKeyDown(open(2), 'ArrowDown', 3).state).toEqual(open(0));
  });

  it('ArrowUp opens on the last option and wraps at the start', () => {
    expect(suggestKeyDown(CLOSED_SUGGEST_BOX, 'ArrowUp', 3).state).toEqual(open(2));
    expect(suggestKeyDown(open(0), 'ArrowUp', 3).state).toEqual(open(2));
    expect(suggestKeyDown(open(-1), 'ArrowUp', 3).state).toEqual(open(2));
  });

  it('arrows do nothing without options', () => {
    expect(suggestKeyDown(CLOSED_SUGGEST_BOX, 'ArrowDown', 0)).toEqual({ state: CLOSED_SUGGEST_BOX, handled: false });
  });

  it('Enter follows the highlighted option, else lets the search form submit', () => {
    expect(suggestKeyDown(open(1), 'Enter', 3)).toEqual({ state: CLOSED_SUGGEST_BOX, handled: true, follow: 1 });
    expect(suggestKeyDown(open(-1), 'Enter', 3)).toEqual({ state: CLOSED_SUGGEST_BOX, handled: false });
    expect(suggestKeyDown(CLOSED_SUGGEST_BOX, 'Enter', 3).handled).toBe(false);
    // the list shrank under the highlight: submit rather than follow a missing option
    expect(suggestKeyDown(open(4), 'Enter', 2).handled).toBe(false);
  });

  it('Escape closes an open list and is left to the field when closed', () => {
    expect(suggestKeyDown(open(1), 'Escape', 3)).toEqual({ state: CLOSED_SUGGEST_BOX, handled: true });
    expect(suggestKeyDown(CLOSED_SUGGEST_BOX, 'Escape', 3).handled).toBe(false);
  });

  it('Tab closes the list and moves on; other keys change nothing', () => {
    expect(suggestKeyDown(open(1), 'Tab', 3)).toEqual({ state: CLOSED_SUGGEST_BOX, handled: false });
    expect(suggestKeyDown(open(1), 'a', 3)).toEqual({ state: open(1), handled: false });
  });
});
