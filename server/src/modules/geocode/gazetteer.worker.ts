import { parentPort } from 'node:worker_threads';
import { Gazetteer } from './gazetteer';

/** The gazetteer's own thread: loading 138k places takes most of a second, which the API must not wait on. */
const gazetteer = Gazetteer.load();
parentPort?.on('message', (message: { id: number; q: string; limit: number }) => {
  parentPort?.postMessage({ id: message.id, results: gazetteer.search(message.q, message.limit) });
});
