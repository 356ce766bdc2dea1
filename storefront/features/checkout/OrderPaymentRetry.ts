import { useCallback, useState } from 'react';
import { graphql } from 'react-relay/hooks';
import { followPaymentRedirect, isFollowableUrl } from '../checkout/paymentRedirect';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import type { OrderPaymentRetryCancelMutation } from './__generated__/OrderPaymentRetryCancelMutation.graphql';
import type { OrderPaymentRetryChangeMethodMutation } from './__generated__/OrderPaymentRetryChangeMethodMutation.graphql';
import type { OrderPaymentRetryHandlePaymentMutation } from './__generated__/OrderPaymentRetryHandlePaymentMutation.graphql';

/** What handlePayment answered: the provider's (or the paid page's) URL to follow, or the messages to show. */
export type PaymentStart = { redirectUrl: string } | { errors: string[] };

/**
 * handlePayment for an order (SPEC §4 Order payment), shared by the success page's automatic start and
 * the retry of an unpaid order. Only an http(s) redirect counts as started; `failure` is the message when
 * the gateway could not be reached.
 */
export function useStartPayment(failure: string): (orderId: string) => Promise<PaymentStart> {
  const [handlePayment] = useShopMutation<OrderPaymentRetryHandlePaymentMutation>(graphql`
    mutation OrderPaymentRetryHandlePaymentMutation($input: HandlePaymentInput!) {
      handlePayment(input: $input) {
        redirectUrl
        errors {
          code
          message
          field
        }
      }
    }
  `);
  return useCallback(
    async (orderId: string) => {
      const payload = (await handlePayment({ input: { orderId } }))?.handlePayment;
      if (payload && payload.errors.length === 0 && payload.redirectUrl && isFollowableUrl(payload.redirectUrl)) return { redirectUrl: payload.redirectUrl };
      return { errors: payload?.errors.length ? payload.errors.map((error) => error.message) : [failure] };
    },
    [handlePayment, failure],
  );
}

interface OrderPaymentRetryOptions {
  /** the order's id for the mutations */
  orderId: string;
  /** the order's current payment method, preselected */
  currentMethodId: string | null;
  /** the alert when the gateway could not be reached */
  failure: string;
  /** what a retry posted without scripts was refused with (the page rendered again) */
  refused?: { paymentMethodId: string; alert: string[] };
}

/**
 * An existing unpaid order (account order page, /checkout/success/{id}/unpaid): choose another payment
 * method, pay again (saving a changed method first) or cancel the order. Holds the chosen method, the
 * "sending" flag shared by all actions and the alert's messages.
 */
export function useOrderPaymentRetry({ orderId, currentMethodId, failure, refused }: OrderPaymentRetryOptions) {
  const [changeMethod] = useShopMutation<OrderPaymentRetryChangeMethodMutation>(graphql`
    mutation OrderPaymentRetryChangeMethodMutation($input: ChangeOrderPaymentMethodInput!) {
      changeOrderPaymentMethod(input: $input) {
        order {
          id
          paymentMethod {
            id
            name
          }
          paymentStatus
          paymentChangeable
        }
        errors {
          code
          message
          field
        }
      }
    }
  `);
  const startPayment = useStartPayment(failure);
  const [cancelOrder] = useShopMutation<OrderPaymentRetryCancelMutation>(graphql`
    mutation OrderPaymentRetryCancelMutation($input: CancelOrderInput!) {
      cancelOrder(input: $input) {
        order {
          id
          status
          paymentStatus
          paymentChangeable
          cancellable
        }
        errors {
          code
          message
          field
        }
      }
    }
  `);
  const [selected, setSelected] = useState<string | null>(refused?.paymentMethodId || currentMethodId);
  const [sending, setSending] = useState(false);
  const [alert, setAlert] = useState<string[]>(refused?.alert ?? []);

  /** Saves the chosen method when it differs; answers whether the order now has it. */
  const saveMethod = async (): Promise<boolean> => {
    if (!selected || selected === currentMethodId) return true;
    const response = await changeMethod({ input: { orderId, paymentMethodId: selected } });
    const errors = response ? response.changeOrderPaymentMethod.errors : [{ message: failure }];
    if (errors.length > 0) {
      setAlert(errors.map((error) => error.message));
      return false;
    }
    return true;
  };

  /** Only changes the payment method; answers whether it was saved. */
  const changeOnly = async (): Promise<boolean> => {
    if (sending) return false;
    setSending(true);
    setAlert([]);
    const saved = await saveMethod();
    setSending(false);
    return saved;
  };

  /** Saves a changed method, then starts the payment and follows the provider's redirect. */
  const pay = async () => {
    if (sending || !selected) return;
    setSending(true);
    setAlert([]);
    if (!(await saveMethod())) {
      setSending(false);
      return;
    }
    const started = await startPayment(orderId);
    if ('redirectUrl' in started) {
      followPaymentRedirect(started.redirectUrl);
      return;
    }
    setAlert(started.errors);
    setSending(false);
  };

  /** Cancels the order once the customer confirms `question` (none: the page asked already); answers whether it was cancelled. */
  const cancel = async (question?: string): Promise<boolean> => {
    if (sending || (question !== undefined && !window.confirm(question))) return false;
    setSending(true);
    setAlert([]);
    const response = await cancelOrder({ input: { orderId } });
    const errors = response ? response.cancelOrder.errors : [{ message: failure }];
    setSending(false);
    if (errors.length > 0) {
      setAlert(errors.map((error) => error.message));
      return false;
    }
    return true;
  };

  return { selected, setSelected, sending, alert, changeOnly, pay, cancel };
}
