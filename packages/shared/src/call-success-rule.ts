/**
 * The seed's pass rule in figures and in the business's words. No schemas here (they are in
 * `calls`, which re-exports these): the dashboard shows the rule on its first render, and must
 * not bring the schema library with it (decision 096).
 */

/** The seed's pass heuristic: without an evaluation a call must last strictly longer than this. */
export const PASS_MIN_DURATION_SECONDS = 30;

/**
 * The success rule in the business's words, shown next to every success rate so that the figure
 * can be read (a call that ends with the agent's goodbye counts as a fail when no evaluation
 * says otherwise).
 */
export const CALL_SUCCESS_RULE = `A call passes when the agent's evaluation says it succeeded; without an evaluation, when the caller hung up after more than ${PASS_MIN_DURATION_SECONDS} s.`;
