/**
 * The balancer lane's ports, after the WebKit lane's (E2E_PORT + 1..3): HAProxy, two instances,
 * and the instance the graceful-stop test stops. BALANCER_PG_PORT picks the port of a throwaway
 * PostgreSQL when TEST_DATABASE_URL is not set (default: a free one).
 */
export function balancerPorts() {
  const base = Number(process.env.E2E_PORT ?? 8181);
  const pg = process.env.BALANCER_PG_PORT;
  return {
    balancer: base + 4,
    a: base + 5,
    b: base + 6,
    single: base + 7,
    postgres: pg ? Number(pg) : undefined,
  };
}
