import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  dispatchDateAt,
  dispatchDayAt,
  expectedDelivery,
  nextOpeningDay,
  nextWorkingDay,
  zurichDayAndHour,
} from '../../store-api/src/domain/delivery-dates';

// SPEC §9: orders before 16:00 (Swiss time) on a working day ship the same day, else the next working
// day; parcels arrive 1–2 working days after dispatch, prescription medicine 2–3, Click & Collect is ready
// the working day after dispatch. November 2026: Mon 16, Fri 20, Sat 21, Sun 22, Mon 23. Winter time is
// UTC+1, summer time UTC+2 (changes on 29 March and 25 October 2026).

const at = (iso: string) => new Date(iso);

describe('dispatchDayAt (Europe/Zurich)', () => {
  it('Monday 15:59 ships today, Monday 16:00 tomorrow', () => {
    expect(dispatchDayAt(at('2026-11-16T14:59:00Z'))).toBe('TODAY'); // 15:59 CET
    expect(dispatchDateAt(at('2026-11-16T14:59:00Z'))).toBe('2026-11-16');
    expect(dispatchDayAt(at('2026-11-16T15:00:00Z'))).toBe('TOMORROW'); // 16:00 CET
    expect(dispatchDateAt(at('2026-11-16T15:00:00Z'))).toBe('2026-11-17');
  });

  it('Friday before 16:00 ships today, from 16:00 on Monday', () => {
    expect(dispatchDayAt(at('2026-11-20T14:59:59Z'))).toBe('TODAY');
    expect(dispatchDayAt(at('2026-11-20T15:00:00Z'))).toBe('MONDAY');
    expect(dispatchDateAt(at('2026-11-20T15:00:00Z'))).toBe('2026-11-23');
  });

  it('Saturday and Sunday, at any hour, ship on Monday', () => {
    expect(dispatchDayAt(at('2026-11-21T08:00:00Z'))).toBe('MONDAY');
    expect(dispatchDayAt(at('2026-11-22T22:59:00Z'))).toBe('MONDAY'); // Sunday 23:59 CET
    expect(dispatchDateAt(at('2026-11-22T22:59:00Z'))).toBe('2026-11-23');
  });

  it('counts the Zurich day, not the UTC day: Sunday 23:30 UTC is already Monday 00:30 in Zurich', () => {
    expect(zurichDayAndHour(at('2026-11-22T23:30:00Z'))).toEqual({ date: '2026-11-23', hour: 0 });
    expect(dispatchDayAt(at('2026-11-22T23:30:00Z'))).toBe('TODAY');
  });

  it('Thursday after the cut-off ships on Friday (tomorrow)', () => {
    expect(dispatchDayAt(at('2026-11-19T16:30:00Z'))).toBe('TOMORROW');
    expect(dispatchDateAt(at('2026-11-19T16:30:00Z'))).toBe('2026-11-20');
  });

  it('follows summer time: the cut-off is 14:00 UTC in summer and 15:00 UTC in winter', () => {
    // Monday 30 March 2026, the first Monday of summer time (UTC+2)
    expect(dispatchDayAt(at('2026-03-30T13:59:00Z'))).toBe('TODAY');
    expect(dispatchDayAt(at('2026-03-30T14:00:00Z'))).toBe('TOMORROW');
    // Monday 26 October 2026, the first Monday of winter time (UTC+1)
    expect(dispatchDayAt(at('2026-10-26T14:59:00Z'))).toBe('TODAY');
    expect(dispatchDayAt(at('2026-10-26T15:00:00Z'))).toBe('TOMORROW');
  });

  it('on the night the clocks change, Sunday stays a Sunday (→ Monday)', () => {
    expect(zurichDayAndHour(at('2026-03-29T00:30:00Z')).date).toBe('2026-03-29'); // 01:30 CET
    expect(zurichDayAndHour(at('2026-03-29T01:30:00Z'))).toEqual({ date: '2026-03-29', hour: 3 }); // 03:30 CEST
    expect(dispatchDayAt(at('2026-10-25T00:30:00Z'))).toBe('MONDAY');
  });
});

describe('working days', () => {
  it('skips the weekend', () => {
    expect(nextWorkingDay('2026-11-20')).toBe('2026-11-23');
    expect(nextWorkingDay('2026-11-21')).toBe('2026-11-23');
    expect(nextWorkingDay('2026-11-16')).toBe('2026-11-17');
    expect(addWorkingDays('2026-11-19', 2)).toBe('2026-11-23');
    expect(addWorkingDays('2026-11-20', 3)).toBe('2026-11-25');
    expect(addWorkingDays('2026-11-20', 0)).toBe('2026-11-20');
  });

  it('crosses month and year ends', () => {
    expect(nextWorkingDay('2026-12-31')).toBe('2027-01-01');
    expect(addWorkingDays('2027-02-26', 1)).toBe('2027-03-01');
  });
});

describe('expectedDelivery', () => {
  const base = { isVirtual: false, clickAndCollect: false, prescription: false };

  it('a parcel ordered Monday morning ships today and arrives Tuesday to Wednesday', () => {
    expect(expectedDelivery({ ...base, now: at('2026-11-16T08:00:00Z') })).toEqual({
      kind: 'dispatch',
      earliest: '2026-11-17',
      latest: '2026-11-18',
      dispatchDay: 'TODAY',
    });
  });

  it('a parcel ordered Friday evening ships Monday and arrives Tuesday to Wednesday', () => {
    expect(expectedDelivery({ ...base, now: at('2026-11-20T18:00:00Z') })).toEqual({
      kind: 'dispatch',
      earliest: '2026-11-24',
      latest: '2026-11-25',
      dispatchDay: 'MONDAY',
    });
  });

  it('prescription medicine takes 2–3 working days after dispatch', () => {
    expect(expectedDelivery({ ...base, prescription: true, now: at('2026-11-19T08:00:00Z') })).toEqual({
      kind: 'prescription',
      earliest: '2026-11-23',
      latest: '2026-11-24',
      dispatchDay: null,
    });
  });

  it('Click & Collect is ready the working day after dispatch', () => {
    expect(expectedDelivery({ ...base, clickAndCollect: true, now: at('2026-11-20T10:00:00Z') })).toEqual({
      kind: 'click_and_collect',
      earliest: '2026-11-23',
      latest: '2026-11-23',
      dispatchDay: null,
    });
  });

  it('Click & Collect follows the chosen pharmacy’s opening days: one open on Saturday has Friday’s order ready then', () => {
    const weekdaysAndSaturday = new Set([1, 2, 3, 4, 5, 6]);
    const weekdaysOnly = new Set([1, 2, 3, 4, 5]);
    const fridayMorning = at('2026-11-20T08:00:00Z');
    expect(expectedDelivery({ ...base, clickAndCollect: true, pharmacyOpenWeekdays: weekdaysAndSaturday, now: fridayMorning })).toMatchObject({
      earliest: '2026-11-21',
      latest: '2026-11-21',
    });
    expect(expectedDelivery({ ...base, clickAndCollect: true, pharmacyOpenWeekdays: weekdaysOnly, now: fridayMorning })).toMatchObject({
      earliest: '2026-11-23',
    });
    expect(nextOpeningDay('2026-11-20', new Set())).toBe('2026-11-23');
    expect(nextOpeningDay('2026-11-16', new Set([3]))).toBe('2026-11-18');
  });

  it('downloads are there today, even on Sunday', () => {
    expect(expectedDelivery({ ...base, isVirtual: true, now: at('2026-11-22T10:00:00Z') })).toEqual({
      kind: 'download',
      earliest: '2026-11-22',
      latest: '2026-11-22',
      dispatchDay: null,
    });
  });
});
