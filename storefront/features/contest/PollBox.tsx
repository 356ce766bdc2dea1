import { useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { checkPollVote, EMPTY_POLL_VOTE, POLL_FORM, POLL_VOTED_PARAMETER, POLL_VOTED_VALUE, pollVoteInputOf, type PollVoteValues } from './pollForm';
import type { ShopErrorData } from '../../forms/checkoutForms';
import { ShopForm, useShopForm, type Refusal } from '../../forms/shopForm';
import { localizedPath } from '../../platform/i18n/locales';
import { contentTexts } from '../../platform/i18n/pageTexts/content';
import { usePageTexts } from '../../platform/i18n/pageTexts';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import styles from './PollBox.module.css';
import type { PollBox_article$key } from './__generated__/PollBox_article.graphql';
import type { PollBoxVoteMutation } from './__generated__/PollBoxVoteMutation.graphql';

const voteMutation = graphql`
  mutation PollBoxVoteMutation($input: VotePollInput!) {
    votePoll(input: $input) {
      # The article's id lets Relay update the poll on the page in place.
      article {
        id
        ...PollBox_article
      }
      errors {
        code
        message
        field
      }
    }
  }
`;

type Outcome = 'thanks' | 'alreadyVoted' | null;

/** A refused vote says why under the poll's question: the gateway's first refusal, or that it could not be reached. */
function pollRefusal(errors: readonly ShopErrorData[] | null, unavailable: string): Refusal {
  const message = errors === null ? unavailable : errors[0]?.message;
  return { byField: message ? { optionId: message } : {}, general: [] };
}

/**
 * An editorial's poll (SPEC §2 /e/): a radio group and a vote button; once this visitor has voted (the
 * gateway knows it from the session), the results instead. One vote per visitor is the server's rule; the
 * first vote opens a session. Without scripts the same form posts to the article (server/forms/content.ts, ADR 0023),
 * which comes back with `?poll=voted` and the results.
 */
export function PollBox({ article }: { article: PollBox_article$key }) {
  const { t } = usePageTexts('content', contentTexts);
  const data = useFragment(
    graphql`
      fragment PollBox_article on Article {
        articleId
        poll {
          question
          totalVotes
          voted
          votedOptionId
          options {
            id
            label
            votes
            percentage
          }
        }
      }
    `,
    article,
  );
  const { locale, urlPathname, urlParsed } = usePageContext();
  const form = useShopForm<PollVoteValues>({
    form: POLL_FORM,
    empty: EMPTY_POLL_VOTE,
    fields: ['optionId'],
    check: (values) => checkPollVote({ ...values, articleId: data.articleId }),
    unavailable: t('poll.error'),
    sortRefusal: pollRefusal,
    texts: 'poll',
  });
  const [outcome, setOutcome] = useState<Outcome>(urlParsed.search[POLL_VOTED_PARAMETER] === POLL_VOTED_VALUE ? 'thanks' : null);
  const [run, sending] = useShopMutation<PollBoxVoteMutation>(voteMutation);

  const poll = data.poll;
  if (!poll) return null;

  const vote = async (): Promise<void> => {
    const payload = (await run({ input: pollVoteInputOf({ articleId: data.articleId, optionId: form.values.optionId }) }))?.votePoll;
    if (payload?.errors.some((error) => error.code === 'POLL_ALREADY_VOTED')) setOutcome('alreadyVoted');
    else if (!payload || payload.errors.length > 0) form.refused(payload ? payload.errors : null);
    else setOutcome('thanks');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!sending && form.checked()) void vote();
  };

  return (
    <Card title={t('poll.title')} className={styles.poll} data-testid="poll">
      {poll.voted ? (
        <div>
          <p className={styles.question}>{poll.question}</p>
          <p className={styles.status} role="status">
            {outcome === 'thanks' ? t('poll.thanks') : t('poll.alreadyVoted')}
          </p>
          <ul className={styles.results} aria-label={t('poll.results')}>
            {poll.options.map((option) => (
              <li key={option.id} className={styles.result}>
                <span className={styles.label}>
                  {option.label}
                  {option.id === poll.votedOptionId ? <strong className={styles.mine}> ({t('poll.yourChoice')})</strong> : null}
                </span>
                <span className={styles.bar} aria-hidden="true">
                  <span className={styles.fill} style={{ width: `${option.percentage}%` }} />
                </span>
                <span className={styles.share}>
                  {option.percentage} % · {t('poll.votes', { count: option.votes })}
                </span>
              </li>
            ))}
          </ul>
          <p className={styles.total}>{t('poll.votes', { count: poll.totalVotes })}</p>
        </div>
      ) : (
        <ShopForm kit={form.kit} action={localizedPath(urlPathname, locale)} onSubmit={onSubmit}>
          <input type="hidden" name="articleId" value={data.articleId} />
          <ChoiceGroup
            name="optionId"
            field="optionId"
            legend={poll.question}
            options={poll.options.map((option) => ({ value: option.id, label: option.label }))}
            chosen={[form.values.optionId]}
            onChange={(optionId) => form.change('optionId')(optionId)}
            message={form.messageOf('optionId')}
            announce
            plain
          />
          <Button busy={sending}>{t('poll.vote')}</Button>
        </ShopForm>
      )}
    </Card>
  );
}
