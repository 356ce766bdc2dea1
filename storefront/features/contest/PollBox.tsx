import { useId, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { usePageContext } from 'vike-react/usePageContext';
import { useShopMutation } from '../../platform/relay/useShopMutation';
import { checkPollVote, EMPTY_POLL_VOTE, POLL_FORM, POLL_VOTED_PARAMETER, POLL_VOTED_VALUE, pollVoteInputOf, type PollVoteValues } from './pollForm';
import { PostedFormFields, usePostedForm } from '../../forms/postedForm';
import { localizedPath } from '../../platform/i18n/locales';
import { contentTexts } from '../../platform/i18n/pageTexts/content';
import { usePageTexts } from '../../platform/i18n/pageTexts';
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
  const id = useId();
  const { locale, urlPathname, urlParsed } = usePageContext();
  const posted = usePostedForm<PollVoteValues>(POLL_FORM, EMPTY_POLL_VOTE);
  const [choice, setChoice] = useState(posted.values.optionId);
  const [problem, setProblem] = useState<string | null>(() => postedProblem(posted.problems, posted.errors));
  const [outcome, setOutcome] = useState<Outcome>(urlParsed.search[POLL_VOTED_PARAMETER] === POLL_VOTED_VALUE ? 'thanks' : null);
  const [run, sending] = useShopMutation<PollBoxVoteMutation>(voteMutation);

  /** A refused post's message: the missing choice, else the gateway's first refusal (already voted shows the results). */
  function postedProblem(problems: Record<string, string>, errors: ReadonlyArray<{ message: string }> | null): string | null {
    if (problems.optionId) return t(`poll.${problems.optionId}`);
    if (errors === null) return t('poll.error');
    return errors[0]?.message ?? null;
  }

  const poll = data.poll;
  if (!poll) return null;

  const vote = async (optionId: string): Promise<void> => {
    const response = await run({ input: pollVoteInputOf({ articleId: data.articleId, optionId }) });
    const payload = response?.votePoll;
    if (!payload) {
      setProblem(t('poll.error'));
      return;
    }
    if (payload.errors.some((error) => error.code === 'POLL_ALREADY_VOTED')) {
      setOutcome('alreadyVoted');
      return;
    }
    if (payload.errors.length > 0) {
      setProblem(payload.errors[0]!.message);
      return;
    }
    setOutcome('thanks');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (sending) return;
    const found = checkPollVote({ articleId: data.articleId, optionId: choice });
    if (found.optionId) {
      setProblem(t(`poll.${found.optionId}`));
      event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setProblem(null);
    void vote(choice);
  };

  return (
    <section className={styles.poll} aria-labelledby={`${id}-title`} data-testid="poll">
      <h2 id={`${id}-title`} className={styles.title}>
        {t('poll.title')}
      </h2>
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
        <form method="post" action={localizedPath(urlPathname, locale)} data-form={POLL_FORM} noValidate onSubmit={onSubmit}>
          <PostedFormFields form={POLL_FORM} posted={posted.posted} />
          <input type="hidden" name="articleId" value={data.articleId} />
          <fieldset className={styles.fieldset} aria-describedby={problem ? `${id}-problem` : undefined}>
            <legend className={styles.question}>{poll.question}</legend>
            {poll.options.map((option) => (
              <label key={option.id} className={styles.option}>
                <input
                  type="radio"
                  name="optionId"
                  value={option.id}
                  checked={choice === option.id}
                  onChange={() => {
                    setChoice(option.id);
                    setProblem(null);
                  }}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          {problem ? (
            <p id={`${id}-problem`} className={styles.problem} role="alert">
              {problem}
            </p>
          ) : null}
          <button className={styles.submit} type="submit" disabled={sending} aria-busy={sending || undefined}>
            {t('poll.vote')}
          </button>
        </form>
      )}
    </section>
  );
}
