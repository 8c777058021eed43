@implementation X
- (void)a { [[[x y] z:[w v] q:1, 2, nil] r]; if (a.activityType == (NSString *)b) {} [c.activityType isEqual:[d e]]; }
@end
