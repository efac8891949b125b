// Hostile input against the routes of shard 4 (tests/server/fuzz.ts).
import { fuzzShard } from './fuzz';

fuzzShard(4);
