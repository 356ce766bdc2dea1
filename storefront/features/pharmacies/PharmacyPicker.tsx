import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay/hooks';
import { CheckoutChoiceForm, InPlaceButton } from '../checkout';
import type { PostedFormState } from '../../forms/postedForm';
import type { PharmacyPicker_cart$key } from './__generated__/PharmacyPicker_cart.graphql';
import type { PharmacyPickerQuery, PharmacyPickerQuery$data } from './__generated__/PharmacyPickerQuery.graphql';
import { Dialog } from '../../ui/Dialog';
import styles from './PharmacyPicker.module.css';

const SEARCH_DELAY_MS = 300;
const RESULTS = 20;

const pharmacyQuery = graphql`
  query PharmacyPickerQuery($search: String, $first: Int) {
    pharmacies(search: $search, first: $first) {
      pharmacyId
      name
      street
      zipcode
      city
      openingHours
    }
  }
`;

type FoundPharmacy = PharmacyPickerQuery$data['pharmacies'][number];

interface SelectedPharmacyBoxProps {
  cart: PharmacyPicker_cart$key;
  /** the checkout with the pharmacies listed (the choice without scripts); hydrated, `onChange` opens the dialog instead */
  changeHref: string;
  onChange: () => void;
  /** the cart is Click & Collect: without a pharmacy it cannot be ordered */
  required: boolean;
  message?: string;
}

/** The sidebar box: the pharmacy chosen for Click & Collect, with "change" (SPEC §2). */
export function SelectedPharmacyBox({ cart: cartKey, changeHref, onChange, required, message }: SelectedPharmacyBoxProps) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const cart = useFragment(
    graphql`
      fragment PharmacyPicker_cart on Cart {
        selectedPharmacy {
          pharmacyId
          name
          street
          zipcode
          city
          phone
          openingHours
        }
      }
    `,
    cartKey,
  );
  const pharmacy = cart.selectedPharmacy;
  return (
    <section className={styles.box} aria-labelledby={`${id}-title`} data-testid="selected-pharmacy">
      <h2 id={`${id}-title`} className={styles.boxTitle}>
        {t('pharmacy.boxTitle')}
      </h2>
      {pharmacy ? (
        <div className={styles.pharmacy}>
          <strong>{pharmacy.name}</strong>
          <span>{pharmacy.street}</span>
          <span>
            {pharmacy.zipcode} {pharmacy.city}
          </span>
          {pharmacy.phone ? <span>{pharmacy.phone}</span> : null}
          {pharmacy.openingHours.length > 0 ? (
            <ul className={styles.hours} aria-label={t('pharmacy.openingHours')}>
              {pharmacy.openingHours.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className={required ? styles.missing : undefined}>{t('pharmacy.noneSelected')}</p>
      )}
      {message ? (
        <p id={`${id}-message`} className={styles.message}>
          {message}
        </p>
      ) : null}
      <InPlaceButton href={changeHref} className={styles.change} onOpen={onChange} data-field="pharmacyId" aria-describedby={message ? `${id}-message` : undefined}>
        {pharmacy ? t('pharmacy.change') : t('pharmacy.choose')}
      </InPlaceButton>
    </section>
  );
}

interface PharmacyDialogProps {
  open: boolean;
  onClose: () => void;
  /** selects the pharmacy for the cart; true when it worked (the dialog then closes) */
  onChoose: (pharmacyId: string) => Promise<boolean>;
  selectedId: string | null;
}

/**
 * The pharmacy selection modal: a native <dialog> (focus moves in and, on closing, back to the button that
 * opened it), a search by postal code or town, and the pharmacies found (query `pharmacies(search)`).
 */
export function PharmacyDialog({ open, onClose, onChoose, selectedId }: PharmacyDialogProps) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const environment = useRelayEnvironment();
  const searchRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<readonly FoundPharmacy[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [choosing, setChoosing] = useState<string | null>(null);
  const requestRef = useRef(0);

  const runSearch = (term: string) => {
    const request = ++requestRef.current;
    setLoading(true);
    fetchQuery<PharmacyPickerQuery>(environment, pharmacyQuery, { search: term.trim() || null, first: RESULTS })
      .toPromise()
      .then((data) => {
        if (request !== requestRef.current) return;
        setFound(data?.pharmacies ?? []);
        setFailed(false);
      })
      .catch(() => {
        if (request === requestRef.current) setFailed(true);
      })
      .finally(() => {
        if (request === requestRef.current) setLoading(false);
      });
  };

  useEffect(() => {
    if (open && found === null) runSearch(search);
    // runSearch and found are read at opening only.
  }, [open]);

  // While typing: search after a short pause, not on every key.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => runSearch(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    runSearch(search);
  };

  const choose = async (pharmacyId: string) => {
    setChoosing(pharmacyId);
    const done = await onChoose(pharmacyId);
    setChoosing(null);
    if (done) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      // into the search field (the browser would choose the close button, the first control)
      initialFocus={searchRef}
      className={styles.dialog}
      labelledBy={`${id}-title`}
      data-testid="pharmacy-dialog"
    >
      <div className={styles.dialogHead}>
        <h2 id={`${id}-title`} className={styles.dialogTitle}>
          {t('pharmacy.dialogTitle')}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('pharmacy.close')}>
          ×
        </button>
      </div>
      <form className={styles.search} role="search" onSubmit={onSubmit}>
        <label htmlFor={`${id}-search`} className={styles.searchLabel}>
          {t('pharmacy.searchLabel')}
        </label>
        <div className={styles.searchRow}>
          <input id={`${id}-search`} className={styles.searchInput} type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="postal-code" ref={searchRef} />
          <button type="submit" className={styles.searchButton}>
            {t('pharmacy.search')}
          </button>
        </div>
      </form>
      <p className="visually-hidden" aria-live="polite">
        {loading ? '' : failed ? t('pharmacy.searchFailed') : found ? t('pharmacy.found', { count: found.length }) : ''}
      </p>
      {failed ? <p className={styles.message}>{t('pharmacy.searchFailed')}</p> : null}
      {found && found.length === 0 && !failed ? <p>{t('pharmacy.noneFound')}</p> : null}
      {found && found.length > 0 ? (
        <ul className={styles.results} aria-busy={loading || undefined}>
          {found.map((pharmacy) => (
            <li key={pharmacy.pharmacyId} className={styles.result}>
              <div className={styles.pharmacy}>
                <strong>{pharmacy.name}</strong>
                <span>
                  {pharmacy.street}, {pharmacy.zipcode} {pharmacy.city}
                </span>
                {pharmacy.openingHours.length > 0 ? <span className={styles.hoursLine}>{pharmacy.openingHours.join(' · ')}</span> : null}
              </div>
              <button
                type="button"
                className={styles.choose}
                disabled={choosing !== null}
                aria-current={pharmacy.pharmacyId === selectedId ? 'true' : undefined}
                aria-label={t('pharmacy.chooseNamed', { name: pharmacy.name })}
                onClick={() => void choose(pharmacy.pharmacyId)}
              >
                {pharmacy.pharmacyId === selectedId ? t('pharmacy.selected') : t('pharmacy.select')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}

/** A pharmacy as the checkout's list shows it. */
export interface ListedPharmacy {
  readonly pharmacyId: string;
  readonly name: string;
  readonly street: string;
  readonly zipcode: string;
  readonly city: string;
  readonly openingHours: readonly string[];
}

interface PharmacyChoiceListProps {
  pharmacies: readonly ListedPharmacy[];
  search: string;
  selectedId: string | null;
  /** the checkout's address (the search's GET form) and the choice's form action (with the search kept) */
  checkoutPath: string;
  searchParameter: string;
  form: string;
  posted: Omit<PostedFormState, 'form'> | null;
  onChoose: (pharmacyId: string) => void;
  message?: string;
}

/**
 * The Click & Collect choice rendered on the server (/checkout?pharmacy-search=…): a search by postal code or
 * town as a GET form and the pharmacies found as radios in a kit form, so it works before and without scripts.
 */
export function PharmacyChoiceList({ pharmacies, search, selectedId, checkoutPath, searchParameter, form, posted, onChoose, message }: PharmacyChoiceListProps) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const action = `${checkoutPath}?${new URLSearchParams({ [searchParameter]: search }).toString()}`;
  return (
    <section className={styles.box} aria-labelledby={`${id}-title`} data-testid="pharmacy-list">
      <h3 id={`${id}-title`} className={styles.boxTitle}>
        {t('pharmacy.dialogTitle')}
      </h3>
      <form className={styles.search} role="search" method="get" action={checkoutPath}>
        <label htmlFor={`${id}-search`} className={styles.searchLabel}>
          {t('pharmacy.searchLabel')}
        </label>
        <div className={styles.searchRow}>
          <input id={`${id}-search`} className={styles.searchInput} type="search" name={searchParameter} defaultValue={search} autoComplete="postal-code" />
          <button type="submit" className={styles.searchButton}>
            {t('pharmacy.search')}
          </button>
        </div>
      </form>
      {pharmacies.length === 0 ? <p>{t('pharmacy.noneFound')}</p> : null}
      {pharmacies.length > 0 ? (
        <CheckoutChoiceForm form={form} action={action} posted={posted} apply={t('pharmacy.choose')} label={t('pharmacy.dialogTitle')}>
          <fieldset className={styles.listChoice}>
            <legend className="visually-hidden">{t('pharmacy.found', { count: pharmacies.length })}</legend>
            {pharmacies.map((pharmacy) => (
              <label key={pharmacy.pharmacyId} className={styles.result}>
                <input type="radio" name="pharmacyId" value={pharmacy.pharmacyId} defaultChecked={pharmacy.pharmacyId === selectedId} onChange={() => onChoose(pharmacy.pharmacyId)} />
                <span className={styles.pharmacy}>
                  <strong>{pharmacy.name}</strong>
                  <span>
                    {pharmacy.street}, {pharmacy.zipcode} {pharmacy.city}
                  </span>
                  {pharmacy.openingHours.length > 0 ? <span className={styles.hoursLine}>{pharmacy.openingHours.join(' · ')}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
          {message ? <p className={styles.message}>{message}</p> : null}
        </CheckoutChoiceForm>
      ) : null}
    </section>
  );
}
