// Hostile input against the routes of shard 2 (tests/server/fuzz.ts).
import { fuzzShard } from './fuzz';

fuzzShard(2);
