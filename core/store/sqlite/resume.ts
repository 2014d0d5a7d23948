import type { ActionRecord, GroupCheckpoint } from '../../agent/checkpoint.js';
import type { QuestionRecord } from '../store.js';

/**
 * What answering a question changes, without storing anything: the question is answered,
 * and its group is queued to resume with the answer. The answer is also written on the
 * feedback record that asked the question, so that the report shows it. Pure, so that the
 * store can run it inside the transaction that checked the question was open.
 */
export function answerQuestion(
  current: GroupCheckpoint,
  question: QuestionRecord,
  answer: string,
  at: Date,
): { checkpoint: GroupCheckpoint; question: QuestionRecord } {
  const answeredAt = at.toISOString();
  // `waiting` goes: the group is no longer waiting, it is queued with the answer.
  const { waiting: _waiting, ...rest } = current;
  const checkpoint: GroupCheckpoint = {
    ...rest,
    status: 'queued',
    resume: { questionId: question.id, answer },
    actions: current.actions.map((record) => withAnswer(record, question.id, answer, answeredAt)),
    updatedAt: answeredAt,
  };
  return { checkpoint, question: { ...question, status: 'answered', answer, answeredAt } };
}

function withAnswer(record: ActionRecord, questionId: string, answer: string, answeredAt: string): ActionRecord {
  if (!record.feedback.some((f) => f.questionId === questionId)) return record;
  return {
    ...record,
    feedback: record.feedback.map((f) => (f.questionId === questionId ? { ...f, answer, answeredAt } : f)),
  };
}
