// Makes sure ffmpeg is on the machine for the FLAC/AIFF/OGG ingestion tests: installs Debian's
// package with apt-get when it is missing and we may (root on Debian). Without it those tests are
// skipped (the store itself accepts WAV and MP3 without ffmpeg): this says so and goes on.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const has = () => {
  try {
    execSync('ffmpeg -version', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (!has()) {
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log("ffmpeg is missing: installing Debian's ffmpeg with apt-get…");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null', {
      stdio: 'inherit',
      shell: '/bin/bash',
    });
  }
  if (!has()) {
    console.warn(
      'ffmpeg not found (`sudo apt-get install -y ffmpeg`): the FLAC, AIFF and OGG ingestion tests will be skipped.',
    );
  }
}
