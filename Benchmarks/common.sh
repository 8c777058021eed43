# Shared by the benchmark scripts (sourced, not run): the median of a column of numbers, and one
# Markdown table row per measured command. Scripts set `work` (a scratch directory) and `runs`.

# median: the median of the numbers on standard input, one per line.
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# measure LABEL CMD...: runs CMD `runs` times; prints one table row: median wall, median CPU
# (user+sys, `cpu_digits` decimals, default 2), peak RSS — or the first line of the failure.
measure() {
    local label=$1; shift
    local walls="" cpus="" rss=0 status=0
    for _ in $(seq "$runs"); do
        if ! /usr/bin/time -f "%e %U %S %M" -o "$work/.time" "$@" >/dev/null 2>"$work/.stderr"; then
            status=1
        fi
        read -r wall user sys kb < <(tail -1 "$work/.time")
        walls+="$wall"$'\n'
        cpus+="$(echo "$user + $sys" | bc)"$'\n'
        [ "$kb" -gt "$rss" ] && rss=$kb
    done
    if [ "$status" -ne 0 ]; then
        printf '| %s | failed: %s | | |\n' "$label" "$(grep -v '^Command exited' "$work/.stderr" | head -1 | cut -c1-80)"
    else
        printf "| %s | %.2f s | %.${cpu_digits:-2}f s | %d MB |\n" "$label" "$(printf '%s' "$walls" | median)" \
            "$(printf '%s' "$cpus" | median)" "$((rss / 1024))"
    fi
}
