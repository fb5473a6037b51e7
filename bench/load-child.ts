// The child process of load.ts's `loadProcess`: runs each load it is sent and answers with the result; it ends when
// the parent disconnects.
import { type LoadAnswer, type LoadRequest, load } from './load';

process.on('message', (request: LoadRequest) => {
  load(request.url, request.options).then(
    (result) => process.send?.({ result } satisfies LoadAnswer),
    (error: Error) => process.send?.({ error: error.message } satisfies LoadAnswer),
  );
});
