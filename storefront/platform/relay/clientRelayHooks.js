// The browser's 'react-relay/hooks' (vite.config.ts resolves the import here in the client build only):
// the hooks the storefront uses, each from its own module. react-relay's own index requires every hook —
// entry points, query loaders, pagination, subscriptions — and, being CommonJS, nothing of it can be
// tree-shaken; this keeps them out of every page's JavaScript. The server and tsc use react-relay itself.
// A page that needs another hook imports it from 'react-relay' (the full package, in that page's chunk).
import RelayEnvironmentProvider from 'react-relay/lib/relay-hooks/RelayEnvironmentProvider';
import useFragment from 'react-relay/lib/relay-hooks/useFragment';
import useLazyLoadQuery from 'react-relay/lib/relay-hooks/useLazyLoadQuery';
import useMutation from 'react-relay/lib/relay-hooks/useMutation';
import useRelayEnvironment from 'react-relay/lib/relay-hooks/useRelayEnvironment';
import { fetchQuery, graphql } from 'relay-runtime';

export { RelayEnvironmentProvider, fetchQuery, graphql, useFragment, useLazyLoadQuery, useMutation, useRelayEnvironment };
