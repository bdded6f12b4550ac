#!/usr/bin/env bash
# Regenerates the demo course videos in server/media/course/ (our own: a coloured title card per
# topic, a second counter and a quiet tone; 6 s, 480x270, 15 fps, H.264 baseline + AAC, faststart,
# ~26 KB each). Needs Debian's ffmpeg and fonts-wqy-microhei:
#   apt-get install -y ffmpeg fonts-wqy-microhei && bash scripts/gen-course-videos.sh [out-dir]
set -euo pipefail

OUT="${1:-$(dirname "$0")/../server/media/course}"
FONT="${FONT:-/usr/share/fonts/truetype/wqy/wqy-microhei.ttc}"
mkdir -p "$OUT"

# name | background | title | subtitle | tone (Hz)
VIDEOS=(
  'yinyang|0x8D6E63|阴阳之道|易学入门 · 第一讲|220'
  'wuxing|0x2E7D32|五行生克|木火土金水的流转|247'
  'bazi|0xC62828|八字排盘|四柱与十神|262'
  'bagua|0x1565C0|八卦取象|乾坤震巽坎离艮兑|294'
  'fengshui|0xF57C00|风水入门|峦头与理气|330'
)

for row in "${VIDEOS[@]}"; do
  IFS='|' read -r name color title subtitle tone <<<"$row"
  ffmpeg -v error -y \
    -f lavfi -i "color=c=${color}:s=480x270:r=15:d=6" \
    -f lavfi -i "sine=frequency=${tone}:sample_rate=22050:duration=6" \
    -filter_complex "[0:v]drawtext=fontfile=${FONT}:text='${title}':fontcolor=white:fontsize=34:x=(w-text_w)/2:y=(h/2)-44,\
drawtext=fontfile=${FONT}:text='${subtitle}':fontcolor=white@0.85:fontsize=17:x=(w-text_w)/2:y=(h/2)+8,\
drawtext=fontfile=${FONT}:text='%{eif\:floor(t)+1\:d} / 6':fontcolor=white@0.7:fontsize=13:x=w-text_w-12:y=h-text_h-10[v];\
[1:a]volume=0.2[a]" \
    -map '[v]' -map '[a]' \
    -c:v libx264 -profile:v baseline -pix_fmt yuv420p -preset veryslow -crf 32 -g 30 \
    -c:a aac -b:a 24k -ac 1 \
    -movflags +faststart -shortest "$OUT/$name.mp4"
  echo "$OUT/$name.mp4 $(stat -c %s "$OUT/$name.mp4") bytes"
done
