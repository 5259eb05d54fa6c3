import type { TTfBuildContext } from '../service';
import { call, type TTfValue } from '../../ir/terraform-ir';

/**
 * The firewall inside an OCI platform image admits SSH only: Oracle Linux runs firewalld with the
 * `ssh` service open, and Canonical Ubuntu ships iptables rules (`/etc/iptables/rules.v4`) that
 * reject everything but port 22 ("Essential Firewall Rules", OCI Compute documentation). A VM
 * behind a load balancer would then fail every health check although its network security group
 * admits the traffic. The instance's user data (cloud-init, run once at first boot) opens in the
 * OS the ports the NSG opens for its service: the service's own port and any port a traffic
 * connection names. User data is fixed at launch: a changed port replaces an instance (the plan
 * shows it) and, for a pool, its instance configuration (instances launched afterwards get it).
 */
export function hostFirewallUserData(ctx: TTfBuildContext, os: string): TTfValue {
  const ports = new Set<string>([`${ctx.node.service.port!}/tcp`]);
  for (const edge of ctx.incoming('traffic')) {
    const { port, protocol } = edge.connection;
    if (port !== undefined && port !== 22)
      ports.add(`${port}/${protocol === 'udp' ? 'udp' : 'tcp'}`);
  }
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
