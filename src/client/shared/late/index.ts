export { lateQueue } from './lateQueue';
export type { LateItem, LateQueue } from './lateQueue';
export { sendLate, serverAnswers, unanswered } from './sendLate';
export type { SendResult } from './sendLate';
