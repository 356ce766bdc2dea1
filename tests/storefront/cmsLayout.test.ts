import { describe, expect, it } from 'vitest';
import { classNames, cmsColor, cmsLength, visibilityClasses } from '../../storefront/features/content/cmsLayout';

describe('visibilityClasses', () => {
  it('hides on mobile (md), tablet (lg) and desktop (xl) where the flag is off', () => {
    expect(visibilityClasses({ mobile: true, tablet: true, desktop: true })).toBe('');
    expect(visibilityClasses({ mobile: false, tablet: true, desktop: true })).toBe('hide-md');
    expect(visibilityClasses({ mobile: true, tablet: true, desktop: false })).toBe('hide-xl');
    expect(visibilityClasses({ mobile: false, tablet: false, desktop: false })).toBe('hide-md hide-lg hide-xl');
  });
});

describe('CMS styles', () => {
  it('passes plain lengths and colours only', () => {
    expect(cmsLength('20px')).toBe('20px');
    expect(cmsLength('1.5rem')).toBe('1.5rem');
    expect(cmsLength('0')).toBe('0');
    expect(cmsLength('20px; background:url(x)')).toBeUndefined();
    expect(cmsLength(null)).toBeUndefined();
    expect(cmsColor('#1e8449')).toBe('#1e8449');
    expect(cmsColor('rgba(0, 0, 0, 0.5)')).toBe('rgba(0, 0, 0, 0.5)');
    expect(cmsColor('white')).toBe('white');
    expect(cmsColor('url(javascript:x)')).toBeUndefined();
    expect(cmsColor('red;position:fixed')).toBeUndefined();
  });
  it('joins class names', () => {
    expect(classNames('a', false, '', null, 'b')).toBe('a b');
    expect(classNames()).toBeUndefined();
  });
});
