import type { TTfBuildContext } from '../service';
import { call, type TTfValue } from '../../ir/terraform-ir';
import { portsOf, tcp } from './client-rules';

/**
 * The firewall inside an OCI platform image admits SSH only: Oracle Linux runs firewalld with the
 * `ssh` service open, and Canonical Ubuntu ships iptables rules (`/etc/iptables/rules.v4`) that
 * reject everything but port 22 ("Essential Firewall Rules", OCI Compute documentation). A VM
 * behind a load balancer would then fail every health check although its network security group
 * admits the traffic. The instance's user data (cloud-init, run once at first boot) opens in the
 * OS the ports its NSGs admit: each traffic connection's (its own port, else the service's, the
 * one a load balancer's backends and health check use), and the inbound ports of the NSGs it is
 * placed in; the service's port when nothing reaches it yet. User data is fixed at launch: a
 * changed port replaces an instance (the plan shows it) and, for a pool, its instance
 * configuration (instances launched afterwards get it).
 */
export function hostFirewallUserData(ctx: TTfBuildContext, os: string): TTfValue {
  const ports = new Set<string>(admittedPorts(ctx));
  if (ports.size === 0) ports.add(`${ctx.node.service.port!}/tcp`);
  const open = [...ports].sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b));
  const commands = os.startsWith('ubuntu')
    ? [
        // Inserted first, so before the image's final REJECT; saved for the next boot.
        ...open.map((p) => {
          const [port, protocol] = p.split('/');
          return `iptables -I INPUT -p ${protocol} --dport ${port} -m conntrack --ctstate NEW -j ACCEPT`;
        }),
        'netfilter-persistent save',
      ]
    : [...open.map((p) => `firewall-cmd --permanent --add-port=${p}`), 'firewall-cmd --reload'];
  const cloudConfig = ['#cloud-config', 'runcmd:', ...commands.map((c) => `  - ${c}`), ''];
  return call('base64encode', cloudConfig.join('\n'));
}

/** `<port>/<protocol>` the node's NSGs admit, SSH aside (every source here is a single port). */
function admittedPorts(ctx: TTfBuildContext): string[] {
  const own = [tcp(ctx.node.service.port!)];
  const admitted = ctx.incoming('traffic').flatMap((edge) => portsOf(edge, own));
  for (const edge of ctx.outgoing('placement')) {
    if (edge.node.service.kind !== 'security-group') continue;
    const inbound = edge.node.properties['ingressPorts'];
    if (Array.isArray(inbound)) admitted.push(...inbound.map((p) => tcp(Number(p))));
  }
  return admitted
    .filter((p) => p.min !== 22 && Number.isInteger(p.min))
    .map((p) => `${p.min}/${p.protocol}`);
}
