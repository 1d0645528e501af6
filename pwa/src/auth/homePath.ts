/** Where a signed-in user lands (login): creators on /creator, everyone else on /dashboard. */
export function homePathFor(role: string | undefined): '/creator' | '/dashboard' {
  return role === 'creator' ? '/creator' : '/dashboard';
}
