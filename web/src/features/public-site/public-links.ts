/** §2 "Public header": Home, Features, About, Privacy, Terms, Contact (and Get Started). */
export const PUBLIC_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/about', label: 'About' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/contact', label: 'Contact' },
] as const;
