import { graphql } from 'react-relay/hooks';
import { commitMutation, type GraphQLTaggedNode, type MutationParameters } from 'relay-runtime';
import { browserEnvironment } from '../../platform/relay/browserEnvironment';
import type { wishlistServerAddMutation } from './__generated__/wishlistServerAddMutation.graphql';
import type { wishlistServerMergeMutation } from './__generated__/wishlistServerMergeMutation.graphql';
import type { wishlistServerRemoveMutation } from './__generated__/wishlistServerRemoveMutation.graphql';

/**
 * The server wishlist's changes (add, remove, merge): loaded by wishlistStore.ts with a logged-in
 * customer's first change, so pages do not ship them. Each answers the list's payload, or undefined when
 * the gateway could not be reached.
 */
export interface ListPayload {
  readonly productIds: readonly string[];
  readonly errors: ReadonlyArray<{ readonly code: string; readonly message: string; readonly field: string | null | undefined }>;
}

const AddMutation = graphql`
  mutation wishlistServerAddMutation($input: WishlistProductInput!) {
    addToWishlist(input: $input) {
      productIds
      errors {
        code
        message
        field
      }
    }
  }
`;

const RemoveMutation = graphql`
  mutation wishlistServerRemoveMutation($input: WishlistProductInput!) {
    removeFromWishlist(input: $input) {
      productIds
      errors {
        code
        message
        field
      }
    }
  }
`;

const MergeMutation = graphql`
  mutation wishlistServerMergeMutation($input: MergeWishlistInput!) {
    mergeWishlist(input: $input) {
      productIds
      errors {
        code
        message
        field
      }
    }
  }
`;

function run<T extends MutationParameters>(mutation: GraphQLTaggedNode, variables: T['variables']): Promise<T['response'] | null> {
  return new Promise((resolve) => {
    commitMutation<T>(browserEnvironment(), {
      mutation,
      variables,
      onCompleted: (response, errors) => resolve(errors?.length && Object.values(response ?? {}).every((value) => value == null) ? null : response),
      onError: () => resolve(null),
    });
  });
}

export async function addToWishlist(productId: string): Promise<ListPayload | undefined> {
  return (await run<wishlistServerAddMutation>(AddMutation, { input: { productId } }))?.addToWishlist;
}

export async function removeFromWishlist(productId: string): Promise<ListPayload | undefined> {
  return (await run<wishlistServerRemoveMutation>(RemoveMutation, { input: { productId } }))?.removeFromWishlist;
}

export async function mergeWishlist(productIds: readonly string[]): Promise<ListPayload | undefined> {
  return (await run<wishlistServerMergeMutation>(MergeMutation, { input: { productIds: [...productIds] } }))?.mergeWishlist;
}
