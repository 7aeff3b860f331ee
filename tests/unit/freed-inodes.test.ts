import { describe, expect, it } from 'vitest';
import { mountOf } from '../../scripts/freed-inodes';

/** Lines as /proc/self/mounts writes them: device, mount point, type, options, dump, pass. */
const MOUNTS = [
  '/dev/vda / ext4 rw,relatime,discard 0 0',
  'proc /proc proc rw,relatime 0 0',
  'tmpfs /tmp tmpfs rw,nosuid 0 0',
  '/dev/vdb /tmp/builds ext4 rw,relatime 0 0',
  '/dev/vdc /mnt/my\\040disk xfs rw 0 0',
  'tmpfs /mnt/over tmpfs rw 0 0',
  '/dev/vdd /mnt/over ext4 rw 0 0',
  '',
].join('\n');

describe("mountOf: the file system that holds a path, from /proc/self/mounts' text", () => {
  it('takes the longest mount point that holds the path', () => {
    expect(mountOf(MOUNTS, '/tmp/builds/site')).toEqual({
      device: '/dev/vdb',
      point: '/tmp/builds',
      type: 'ext4',
    });
    expect(mountOf(MOUNTS, '/tmp/bench-scale-x')).toEqual({ device: 'tmpfs', point: '/tmp', type: 'tmpfs' });
    expect(mountOf(MOUNTS, '/work/main')).toEqual({ device: '/dev/vda', point: '/', type: 'ext4' });
  });

  it('holds a mount point itself, and no path that only begins with its name', () => {
    expect(mountOf(MOUNTS, '/tmp/builds')?.device).toBe('/dev/vdb');
    expect(mountOf(MOUNTS, '/tmp/builds2')?.device).toBe('tmpfs');
    expect(mountOf(MOUNTS, '/procfs')?.device).toBe('/dev/vda');
  });

  it('reads the escapes of a space in a mount point', () => {
    expect(mountOf(MOUNTS, '/mnt/my disk/x')).toEqual({
      device: '/dev/vdc',
      point: '/mnt/my disk',
      type: 'xfs',
    });
  });

  it('takes the last of two file systems mounted at one point: the one on top', () => {
    expect(mountOf(MOUNTS, '/mnt/over/x')?.device).toBe('/dev/vdd');
  });

  it('finds none in an empty table', () => {
    expect(mountOf('', '/tmp')).toBeNull();
  });
});
