import { graphql, useFragment } from 'react-relay/hooks';
import type { AddressView_address$key } from './__generated__/AddressView_address.graphql';
import styles from './AddressView.module.css';

/** A postal address as a letter shows it. */
export function AddressView({ address: addressKey }: { address: AddressView_address$key }) {
  const address = useFragment(
    graphql`
      fragment AddressView_address on Address {
        firstName
        lastName
        company
        street
        zipcode
        city
        phoneNumber
        country {
          name
        }
      }
    `,
    addressKey,
  );
  return (
    <address className={styles.address}>
      {address.company ? <span>{address.company}</span> : null}
      <span>
        {address.firstName} {address.lastName}
      </span>
      <span>{address.street}</span>
      <span>
        {address.zipcode} {address.city}
      </span>
      {address.country ? <span>{address.country.name}</span> : null}
      {address.phoneNumber ? <span>{address.phoneNumber}</span> : null}
    </address>
  );
}
