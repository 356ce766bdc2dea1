import { formsTexts } from '../platform/i18n/pageTexts/forms';
import { usePageTexts } from '../platform/i18n/pageTexts';
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH, POSTAL_CODE_LENGTH } from './fieldRules';

/**
 * Forms whose texts differ from the shop's wording (forms.json `byForm`), or that have rules of their own (a
 * prescription's file, the contest's answer). The wording of the others is one day to become the shop's.
 */
export type FormTextVariant = 'account' | 'prescription' | 'contest' | 'insurer' | 'poll';

/**
 * The text of a failed field rule (fieldRules.ts, a form's own checks), in the page's language, from the one
 * 'forms' namespace: the form's own wording first, else the shop's. `maxima`: a field's length limit for 'tooLong'.
 */
export function useValidationText(variant?: FormTextVariant, maxima: Readonly<Record<string, number>> = {}) {
  const { t } = usePageTexts('forms', formsTexts);
  return (problem: string, field: string): string => {
    const keys = variant ? [`byForm.${variant}.${problem}`, `validation.${problem}`] : [`validation.${problem}`];
    const min = /password/i.test(field) ? PASSWORD_MIN_LENGTH : NAME_MIN_LENGTH;
    return t(keys, { min, max: maxima[field], length: POSTAL_CODE_LENGTH });
  };
}
