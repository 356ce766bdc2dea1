import { useEffect, useRef, type ReactNode } from 'react';
import styles from './Notice.module.css';

export type NoticeTone = 'success' | 'error' | 'info';

interface NoticeProps {
  tone: NoticeTone;
  /** one paragraph each; an error notice with none is not shown */
  messages?: readonly string[];
  children?: ReactNode;
  /** the keyboard goes to the notice when it appears (a form replaced by its confirmation) */
  focusOnShow?: boolean;
  'data-testid'?: string;
}

/**
 * A message about the page's state: a success or a note is a status (read out politely), an error an alert (read out
 * at once; it can take the keyboard when a refusal names no field).
 */
export function Notice({ tone, messages, children, focusOnShow = false, 'data-testid': testId }: NoticeProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnShow) box.current?.focus();
  }, [focusOnShow]);
  if (!children && (!messages || messages.length === 0)) return null;
  return (
    <div ref={box} className={`${styles.notice} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={focusOnShow || tone === 'error' ? -1 : undefined} data-testid={testId}>
      {messages?.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {children}
    </div>
  );
}
