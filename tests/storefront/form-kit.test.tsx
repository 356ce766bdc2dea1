import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useValidationText, type FormTextVariant } from '../../storefront/forms/validationTexts';
import { createShopI18n } from '../../storefront/platform/i18n';
import type { ShopLocale } from '../../storefront/platform/i18n/locales';

// Issue 23: every form's validation texts come from one namespace ('forms', storefront/i18n/<lang>/forms.json),
// in the shop's wording unless a form keeps its own (forms.json `byForm`), with the rule's limit.

function Said({ problem, field, variant, maxima }: { problem: string; field: string; variant?: FormTextVariant; maxima?: Record<string, number> }) {
  return <>{useValidationText(variant, maxima)(problem, field)}</>;
}

const say = (locale: ShopLocale, problem: string, field: string, variant?: FormTextVariant, maxima?: Record<string, number>) =>
  renderToString(
    <I18nextProvider i18n={createShopI18n(locale)}>
      <Said problem={problem} field={field} variant={variant} maxima={maxima} />
    </I18nextProvider>,
  );

describe("the form kit's validation texts", () => {
  it('say each SPEC §5 rule in its wording, with its limit', () => {
    expect(say('de', 'required', 'email')).toBe('Der Wert ist erforderlich');
    expect(say('de', 'passwordsDiffer', 'passwordConfirmation')).toBe('Die Passwörter stimmen nicht überein');
    expect(say('de', 'minLength', 'password')).toBe('Bitte geben Sie mindestens 8 Zeichen ein');
    expect(say('de', 'minLength', 'billingAddress.firstName')).toBe('Bitte geben Sie mindestens 3 Zeichen ein');
    expect(say('de', 'postalCode', 'billingAddress.zipcode')).toBe('Die Postleitzahl muss genau 4 Zeichen lang sein');
    expect(say('de', 'tooLong', 'comment', undefined, { comment: 5000 })).toBe('Bitte geben Sie höchstens 5000 Zeichen ein');
  });

  it('say them in Italian and French', () => {
    expect(say('it', 'required', 'email')).toBe('Il valore è obbligatorio');
    expect(say('fr', 'required', 'email')).toBe('La valeur est obligatoire');
    expect(say('it', 'minLength', 'password')).toBe('Inserite almeno 8 caratteri');
    expect(say('fr', 'minLength', 'lastName')).toBe('Veuillez saisir au moins 3 caractères');
  });

  it("keep a form's own wording and its own rules, and fall back to the shop's for the rest", () => {
    expect(say('fr', 'required', 'email', 'account')).toBe('Ce champ est obligatoire');
    expect(say('fr', 'passwordsDiffer', 'newPasswordConfirm', 'account')).toBe('Les mots de passe ne correspondent pas');
    expect(say('de', 'required', 'firstName', 'contest')).toBe('Bitte füllen Sie dieses Feld aus.');
    expect(say('de', 'answer', 'answerId', 'contest')).toBe('Bitte wählen Sie eine Antwort.');
    expect(say('de', 'postalCode', 'zipcode', 'prescription')).toBe('Die Postleitzahl muss genau 4 Ziffern haben');
    expect(say('it', 'fileType', 'insuranceCard', 'prescription')).toBe('Si prega di caricare solo file PDF o PNG.');
    expect(say('fr', 'chooseOption', 'optionId', 'poll')).toBe('Veuillez choisir une réponse.');
    expect(say('de', 'invalid', 'insuranceNumber', 'insurer')).toMatch(/^Bitte geben Sie eine gültige Nummer der Versichertenkarte ein/);
  });
});
