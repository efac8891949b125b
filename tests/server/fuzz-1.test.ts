// Hostile input against the routes of shard 1 (tests/server/fuzz.ts).
import { fuzzShard } from './fuzz';

fuzzShard(1);
