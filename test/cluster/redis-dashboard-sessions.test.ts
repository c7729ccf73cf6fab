import { describe } from "vitest";
import { RedisDashboardSessions } from "../../src/cluster/redis-dashboard-sessions.js";
import { sessionStoreContract } from "../dashboard/session-store-contract.js";
import { redisSkipReason } from "../support/redis-server.js";
import { useRedisConnections, useRedisServer } from "./cluster-daemons.js";

describe.skipIf(redisSkipReason)("the dashboard's sessions in Redis, shared by a cluster's processes", () => {
  const redisServer = useRedisServer();
  const connections = useRedisConnections(redisServer);
  sessionStoreContract(() => {
    const [redis, other] = connections();
    return {
      store: new RedisDashboardSessions({ redis: redis!, prefix: "skein:" }),
      other: new RedisDashboardSessions({ redis: other!, prefix: "skein:" }),
    };
  });
});
