// An editorial poll's vote, shared by the enhanced poll (storefront/features/contest/PollBox.tsx) and its post without JavaScript
// (server/forms/content.ts): the same check and the same mutation input.

export const POLL_FORM = 'poll';

export interface PollVoteValues {
  /** the chosen answer (a radio group) */
  optionId: string;
  /** the article whose poll it is (a hidden field) */
  articleId: string;
}

export const EMPTY_POLL_VOTE: PollVoteValues = { optionId: '', articleId: '' };

/** Where a vote posted without JavaScript lands: the article with `?poll=voted`, its results and the thanks. */
export const POLL_VOTED_PARAMETER = 'poll';
export const POLL_VOTED_VALUE = 'voted';

/** No answer chosen: the poll's own message ('poll.chooseOption'). */
export function checkPollVote(values: PollVoteValues): { optionId?: 'chooseOption' } {
  return values.optionId ? {} : { optionId: 'chooseOption' };
}

/** votePoll's input. */
export function pollVoteInputOf(values: PollVoteValues) {
  return { articleId: values.articleId, optionId: values.optionId };
}
