// When an order leaves the pharmacy and when it arrives (SPEC §9 Shipping), in Swiss time (Europe/Zurich).
// Pure functions: `now` is always passed in, so tests can pin the clock. Working days are Monday to
// Friday (the spec names no public holidays). Dates are ISO calendar days 'YYYY-MM-DD'.

/** Orders placed before this hour (Zurich time) on a working day ship the same day. */
export const DISPATCH_CUTOFF_HOUR = 16;

/** How a dispatch date reads to the shopper: ships today, tomorrow, or on Monday. */
export type DispatchDay = 'TODAY' | 'TOMORROW' | 'MONDAY';

export type ExpectedDeliveryKind = 'dispatch' | 'click_and_collect' | 'prescription' | 'download';

export interface ExpectedDeliveryWindow {
  kind: ExpectedDeliveryKind;
  earliest: string;
  latest: string;
  /** only for kind dispatch: the wording of the dispatch day */
  dispatchDay: DispatchDay | null;
}

// Built once: creating an Intl.DateTimeFormat costs far more than formatting with it.
const ZURICH_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Zurich',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The Zurich calendar day and hour of an instant. */
export function zurichDayAndHour(now: Date): { date: string; hour: number } {
  const parts = ZURICH_PARTS.formatToParts(now);
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

function toUtcMidnight(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

function fromUtcMidnight(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday, of a calendar day (no time zone involved). */
function weekdayOf(date: string): number {
  return toUtcMidnight(date).getUTCDay();
}

function isWorkingDay(date: string): boolean {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6;
}

function addCalendarDays(date: string, days: number): string {
  const value = toUtcMidnight(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtcMidnight(value);
}

/** The first working day after `date`. */
export function nextWorkingDay(date: string): string {
  let day = addCalendarDays(date, 1);
  while (!isWorkingDay(day)) day = addCalendarDays(day, 1);
  return day;
}

/** `count` working days after `date` (0: the date itself). */
export function addWorkingDays(date: string, count: number): string {
  let day = date;
  for (let i = 0; i < count; i++) day = nextWorkingDay(day);
  return day;
}

/** The day an order placed at `now` leaves the pharmacy: today before 16:00 on a working day, else the next working day. */
export function dispatchDateAt(now: Date): string {
  return dispatchDateOf(zurichDayAndHour(now));
}

function dispatchDateOf({ date, hour }: { date: string; hour: number }): string {
  return isWorkingDay(date) && hour < DISPATCH_CUTOFF_HOUR ? date : nextWorkingDay(date);
}

/** The dispatch day as the shop words it (product availability, cart): today, tomorrow or Monday. */
export function dispatchDayAt(now: Date): DispatchDay {
  const zurich = zurichDayAndHour(now);
  return dispatchDayOf(zurich.date, dispatchDateOf(zurich));
}

function dispatchDayOf(today: string, dispatch: string): DispatchDay {
  if (dispatch === today) return 'TODAY';
  // After the cut-off on Friday, and all weekend, the next working day is a Monday.
  return weekdayOf(dispatch) === 1 ? 'MONDAY' : 'TOMORROW';
}

export interface ExpectedDeliveryInput {
  now: Date;
  /** every non-promotion line is a download */
  isVirtual: boolean;
  clickAndCollect: boolean;
  /** the cart holds prescription medicine */
  prescription: boolean;
  /**
   * Click & Collect: the weekdays (0 Sunday … 6 Saturday) the chosen pharmacy is open. The order is ready
   * the first of those days after dispatch; without a pharmacy, the next working day.
   */
  pharmacyOpenWeekdays?: ReadonlySet<number>;
}

/** The first day after `date` on which the pharmacy opens (a week at most), else the next working day. */
export function nextOpeningDay(date: string, openWeekdays: ReadonlySet<number> | undefined): string {
  if (!openWeekdays || openWeekdays.size === 0) return nextWorkingDay(date);
  let day = addCalendarDays(date, 1);
  for (let i = 0; i < 7 && !openWeekdays.has(weekdayOf(day)); i++) day = addCalendarDays(day, 1);
  return day;
}

/**
 * The delivery window the cart promises (SPEC §9): parcels arrive 1–2 working days after dispatch;
 * prescription medicine 2–3 working days; Click & Collect is ready in the chosen pharmacy the first day
 * after dispatch it is open (without one: the next working day); downloads are available today.
 */
export function expectedDelivery(input: ExpectedDeliveryInput): ExpectedDeliveryWindow {
  // the Zurich clock read once (formatting in a time zone is the costly part)
  const zurich = zurichDayAndHour(input.now);
  const today = zurich.date;
  if (input.isVirtual) return { kind: 'download', earliest: today, latest: today, dispatchDay: null };
  const dispatch = dispatchDateOf(zurich);
  if (input.prescription) {
    return { kind: 'prescription', earliest: addWorkingDays(dispatch, 2), latest: addWorkingDays(dispatch, 3), dispatchDay: null };
  }
  if (input.clickAndCollect) {
    const ready = nextOpeningDay(dispatch, input.pharmacyOpenWeekdays);
    return { kind: 'click_and_collect', earliest: ready, latest: ready, dispatchDay: null };
  }
  return { kind: 'dispatch', earliest: nextWorkingDay(dispatch), latest: addWorkingDays(dispatch, 2), dispatchDay: dispatchDayOf(today, dispatch) };
}
