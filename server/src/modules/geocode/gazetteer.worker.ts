import { parentPort } from 'node:worker_threads';
import { serveRequests } from '../../workers/worker-client';
import { Gazetteer } from './gazetteer';

/** The gazetteer's own thread: loading 138k places takes most of a second, which the API must not wait on. */
const gazetteer = Gazetteer.load();
serveRequests(parentPort, (message: { q: string; limit: number }) => gazetteer.search(message.q, message.limit));
