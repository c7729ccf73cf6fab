/**
 * The cluster storms, one after another in one worker. Each starts a `ClusterWorld` (Redis, fakes, several built
 * daemons), one world at a time (cluster-harness.ts), so as files of their own they held several workers of the
 * suite waiting for their turn while other files could have run. Each storm stays in its own module.
 */
import "./cluster-sentinel.storm.js";
import "./cluster-takeover.storm.js";
import "./cluster-rolling.storm.js";
import "./cluster-subagent.storm.js";
