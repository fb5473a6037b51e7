// The mail module's front door: what other modules and app.ts may use. Nothing else of the folder is reached
// from outside it (npm run lint checks).
export { enqueueMail } from './mail.repository';
export { type MailWorker, startMailWorker } from './mail.service';
export * from './mail.templates';
