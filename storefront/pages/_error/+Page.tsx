import { usePageContext } from 'vike-react/usePageContext';
import { ErrorView } from '../../shell/ErrorView';

/**
 * Vike's error page: a path no route knows (404, rare: the catch-all takes nearly everything), or a page
 * that failed while rendering (500). Pages whose data failed show ErrorView from +Wrapper instead.
 */
export default function Page() {
  const { is404, abortStatusCode } = usePageContext();
  const status = is404 ? 404 : typeof abortStatusCode === 'number' ? abortStatusCode : 500;
  return <ErrorView status={status} />;
}
