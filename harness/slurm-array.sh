#!/bin/sh
# A Slurm job array running one shard of a vaultfuzz run per task; merge
# the shards when all are done. Submit from the directory holding
# reports/, with the night's seed fixed at submission (tasks may start
# after midnight UTC, and merge refuses shards with different seeds):
#
#   day=$(date -u +%Y%m%d)
#   job=$(sbatch --parsable --array=1-16 --export=ALL,DAY=$day \
#         harness/slurm-array.sh --crawl-dir ~/crawl/crawl-ref/source \
#         --count 100)
#   sbatch --dependency=afterany:$job --wrap \
#       "vaultfuzz merge --out reports/$day reports/$day-shard-*"
#
# A shard that did not finish (node lost, time limit) is finished with
# 'vaultfuzz run --resume reports/$DAY-shard-I', or later from the merged
# report: 'vaultfuzz run --resume reports/$DAY' runs whatever is missing.
#SBATCH --job-name=vaultfuzz
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
set -eu
n=${SLURM_ARRAY_TASK_COUNT:?run me with sbatch --array}
i=${SLURM_ARRAY_TASK_ID}
exec vaultfuzz run --seed "${DAY:?set DAY, the night's seed}" \
    --shard "$i/$n" -j "${SLURM_CPUS_PER_TASK:-1}" \
    --out "reports/$DAY-shard-$i" "$@"
