import { useCallback, useEffect, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay/hooks';
import type { usePharmacyFavouriteQuery } from './__generated__/usePharmacyFavouriteQuery.graphql';

const favouriteQuery = graphql`
  query usePharmacyFavouriteQuery {
    viewer {
      loggedIn
      preferredPharmacy {
        pharmacyId
      }
    }
    cart {
      selectedPharmacy {
        pharmacyId
      }
    }
  }
`;

export interface PharmacyFavourite {
  /** logged in: the favourite is the account's preferred pharmacy; else the cart's Click & Collect pharmacy */
  loggedIn: boolean;
  favouriteId: string | null;
  setFavouriteId: (pharmacyId: string) => void;
}

/**
 * The shopper's favourite pharmacy, read in the browser after the page shows: the pharmacy pages are the
 * same for everyone (cacheable, no session needed to render them), only the mark is personal.
 */
export function usePharmacyFavourite(): PharmacyFavourite {
  const environment = useRelayEnvironment();
  const [state, setState] = useState<{ loggedIn: boolean; favouriteId: string | null }>({ loggedIn: false, favouriteId: null });
  useEffect(() => {
    const subscription = fetchQuery<usePharmacyFavouriteQuery>(environment, favouriteQuery, {}, { fetchPolicy: 'network-only' }).subscribe({
      next: (data) => {
        const loggedIn = data.viewer?.loggedIn === true;
        const favouriteId = (loggedIn ? data.viewer?.preferredPharmacy?.pharmacyId : data.cart?.selectedPharmacy?.pharmacyId) ?? null;
        setState({ loggedIn, favouriteId });
      },
      error: () => {},
    });
    return () => subscription.unsubscribe();
  }, [environment]);
  const setFavouriteId = useCallback((favouriteId: string) => setState((current) => ({ ...current, favouriteId })), []);
  return { ...state, setFavouriteId };
}
