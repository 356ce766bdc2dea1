import { graphql } from 'react-relay/hooks';

// /account/recover: only whether the link may still be used (no side effects); the page has no shell.
export const AccountRecoverPageQuery = graphql`
  query AccountRecoverPageQuery($hash: String!) {
    recoveryLinkValid(hash: $hash)
  }
`;
