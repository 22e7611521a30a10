/** The team behind the product; one list drives /aboutTeam and every /about{name} page. */
export interface TeamMember {
  slug: string;
  name: string;
  role: string;
  bio: string;
}

export const TEAM: readonly TeamMember[] = [
  { slug: 'Maya', name: 'Maya Chen', role: 'Team lead', bio: 'Keeps the team on track.' },
  { slug: 'Luis', name: 'Luis Ortega', role: 'Back end', bio: 'Builds the API.' },
  { slug: 'Nadia', name: 'Nadia Karimi', role: 'Front end', bio: 'Builds the screens.' },
  { slug: 'Jace', name: 'Jace Nguyen', role: 'Courier experience', bio: 'Builds the courier map.' },
  { slug: 'Ravi', name: 'Ravi Patel', role: 'Database', bio: 'Keeps the data safe.' },
];
