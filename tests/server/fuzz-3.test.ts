// Hostile input against the routes of shard 3 (tests/server/fuzz.ts).
import { fuzzShard } from './fuzz';

fuzzShard(3);
