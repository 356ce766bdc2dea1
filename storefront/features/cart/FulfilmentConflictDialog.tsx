import { useId } from 'react';
import { useTranslation } from '../../platform/i18n/useTranslation';
import { Dialog } from '../../ui/Dialog';
import styles from './FulfilmentConflictDialog.module.css';

interface FulfilmentConflictDialogProps {
  /** the product the shopper wanted to add */
  productName: string;
  /** the replacement is running: both buttons wait */
  busy: boolean;
  onReplace(): void;
  onCancel(): void;
}

/**
 * SPEC §4: Click & Collect and delivery items never share a cart. When an add would mix them, this modal
 * asks: replace the cart with the new product, or cancel (the cart stays as it is). Open while it is shown; Escape
 * cancels, and the keyboard returns to where it was (the add-to-cart button).
 */
export function FulfilmentConflictDialog({ productName, busy, onReplace, onCancel }: FulfilmentConflictDialogProps) {
  const { t } = useTranslation('cart');
  const titleId = useId();
  const textId = useId();

  return (
    <Dialog
      open
      // Escape: the same as the cancel button
      onClose={() => {
        if (!busy) onCancel();
      }}
      className={styles.dialog}
      labelledBy={titleId}
      aria-describedby={textId}
      data-testid="fulfilment-conflict"
    >
      <h2 id={titleId} className={styles.title}>
        {t('conflict.title')}
      </h2>
      {/* the explanation alone: the gateway's FULFILMENT_CONFLICT message says the same words again (issue 20) */}
      <p id={textId} className={styles.message}>
        {t('conflict.explanation', { name: productName })}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.replace} onClick={onReplace} disabled={busy} autoFocus>
          {t('conflict.replace')}
        </button>
        <button type="button" className={styles.cancel} onClick={onCancel} disabled={busy}>
          {t('conflict.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
