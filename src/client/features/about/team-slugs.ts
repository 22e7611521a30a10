/**
 * The team's page names, /about{slug}: all the router needs to know of the team, so the
 * members' texts (team.ts) load with the about pages, not with every page.
 */
export const TEAM_SLUGS = ['Maya', 'Luis', 'Nadia', 'Jace', 'Ravi'] as const;

export type TeamSlug = (typeof TEAM_SLUGS)[number];
