import { useEffect, useId, useRef, useState } from 'react';
import { graphql } from 'react-relay/hooks';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { pharmacyTexts } from '../../platform/i18n/pageTexts/pharmacy';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import type { PharmacyFavouriteButtonMutation } from './__generated__/PharmacyFavouriteButtonMutation.graphql';
import { useNotifications } from '../../shell/Notifications';
import styles from './PharmacyFinder.module.css';

const chooseFavouriteMutation = graphql`
  mutation PharmacyFavouriteButtonMutation($input: ChooseFavouritePharmacyInput!) {
    chooseFavouritePharmacy(input: $input) {
      savedTo
      pharmacy {
        pharmacyId
        name
      }
      errors {
        code
        message
        field
      }
    }
  }
`;

interface PharmacyFavouriteButtonProps {
  pharmacyId: string;
  name: string;
  /** this pharmacy is the shopper's favourite already */
  isFavourite: boolean;
  /** logged in: kept in the account; else in the cart (the button says which) */
  loggedIn: boolean;
  onChosen: (pharmacyId: string) => void;
}

/** "Choose as my pharmacy", with a confirmation step; the favourite itself is marked instead. */
export function PharmacyFavouriteButton({ pharmacyId, name, isFavourite, loggedIn, onChosen }: PharmacyFavouriteButtonProps) {
  const { t } = usePageTexts('pharmacy', pharmacyTexts);
  const { notify } = useNotifications();
  const [run, saving] = useShopMutation<PharmacyFavouriteButtonMutation>(chooseFavouriteMutation);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  if (isFavourite) {
    return (
      <p className={styles.favourite} data-testid="favourite-pharmacy">
        <span aria-hidden="true">★ </span>
        {t(loggedIn ? 'favourite.isAccount' : 'favourite.isCart')}
      </p>
    );
  }

  const choose = async () => {
    setProblem(null);
    const response = await run({ input: { pharmacyId } });
    const payload = response?.chooseFavouritePharmacy;
    if (!payload || payload.errors.length > 0 || !payload.savedTo) {
      setProblem(payload?.errors[0]?.message ?? t('favourite.failed'));
      return;
    }
    setConfirming(false);
    onChosen(pharmacyId);
    notify({ type: 'success', message: t(payload.savedTo === 'ACCOUNT' ? 'favourite.savedAccount' : 'favourite.savedCart', { name }) });
  };

  if (!confirming) {
    return (
      <div className={styles.favouriteBox}>
        <button type="button" className={styles.secondaryButton} onClick={() => setConfirming(true)} aria-describedby={`${id}-where`}>
          {t('favourite.choose')}
        </button>
        <p id={`${id}-where`} className={styles.hint}>
          {t(loggedIn ? 'favourite.whereAccount' : 'favourite.whereCart')}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.confirm} role="group" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`}>{t(loggedIn ? 'favourite.confirmAccount' : 'favourite.confirmCart', { name })}</p>
      <div className={styles.confirmActions}>
        <button ref={confirmRef} type="button" className={styles.primaryButton} disabled={saving} onClick={() => void choose()} aria-describedby={problem ? `${id}-problem` : undefined}>
          {t('favourite.confirm')}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => setConfirming(false)}>
          {t('favourite.cancel')}
        </button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
