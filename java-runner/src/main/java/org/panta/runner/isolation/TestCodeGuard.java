package org.panta.runner.isolation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.commons.LocalVariablesSorter;

/**
 * Rewrites the call sites of test classes (the units a run loads, and the classes they define at
 * run time) so that what could reach the verdict goes through {@code
 * org.panta.runner.sandbox.Guard}: reflection, method handles and VarHandles (checked for the
 * JDK's and Panta's internals and JaCoCo's {@code $jacoco*} members, {@code Method.invoke} and
 * {@code Constructor.newInstance} by what they call), class loading by name (checked by the name,
 * whatever the loader), classes defined from bytes (guarded in turn), files opened or named by
 * path ({@code java.io} streams, {@code Files}, {@code FileChannel}, {@code ProcessBuilder}:
 * checked for {@code /proc/self}, {@code /proc/<pid>} and {@code /dev/fd}, after resolving the
 * longest existing prefix, symbolic links included). Refused outright, by a call of Guard.refuse
 * before the instruction: any use of Panta's own classes ({@code org/panta/}), {@code Unsafe},
 * the attach API, {@code Instrumentation}, {@code com.sun.management} (heap dumps), native
 * libraries, the standard {@code FileDescriptor}s and every JDK method that takes one. Method
 * references (invokedynamic handles) to any of these are guarded the same way. Arguments a check
 * needs are kept in new locals (their frames marked unset), so stack effects and frames stay
 * valid.
 */
public final class TestCodeGuard {
  static final String GUARD = "org/panta/runner/sandbox/Guard";

  private TestCodeGuard() {}

  /** The guarded class file. */
  public static byte[] rewrite(byte[] classFile) {
    ClassReader reader = new ClassReader(classFile);
    ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
    String self = reader.getClassName();
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          @Override
          public MethodVisitor visitMethod(
              int access, String name, String desc, String signature, String[] exceptions) {
            MethodVisitor next = super.visitMethod(access, name, desc, signature, exceptions);
            return new Sites(access, desc, next, self);
          }
        },
        ClassReader.EXPAND_FRAMES);
    return writer.toByteArray();
  }

  /** A class file test code defines at run time: guarded, with its exit calls rewritten. */
  public static byte[] guardDefined(byte[] classFile) {
    return ExitCallRewriter.rewrite(rewrite(classFile));
  }

  /** A call replaced by a static method of Guard with the receiver as its first parameter. */
  private record Replacement(String guardName, String guardDesc) {}

  private static final Map<String, Replacement> REPLACED = new HashMap<>();

  private static void replace(String owner, String name, String desc, boolean isStatic) {
    String guardDesc = isStatic ? desc : "(L" + owner + ";" + desc.substring(1);
    REPLACED.put(owner + "." + name + desc, new Replacement(name, guardDesc));
  }

  static {
    String cls = "java/lang/Class";
    replace(cls, "forName", "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;", true);
    replace(cls, "forName", "(Ljava/lang/Module;Ljava/lang/String;)Ljava/lang/Class;", true);
    replace(cls, "getDeclaredField", "(Ljava/lang/String;)Ljava/lang/reflect/Field;", false);
    replace(cls, "getField", "(Ljava/lang/String;)Ljava/lang/reflect/Field;", false);
    replace(cls, "getDeclaredFields", "()[Ljava/lang/reflect/Field;", false);
    replace(cls, "getFields", "()[Ljava/lang/reflect/Field;", false);
    String method = "(Ljava/lang/String;[Ljava/lang/Class;)Ljava/lang/reflect/Method;";
    replace(cls, "getDeclaredMethod", method, false);
    replace(cls, "getMethod", method, false);
    replace(cls, "getDeclaredMethods", "()[Ljava/lang/reflect/Method;", false);
    replace(cls, "getMethods", "()[Ljava/lang/reflect/Method;", false);
    String ctor = "([Ljava/lang/Class;)Ljava/lang/reflect/Constructor;";
    replace(cls, "getDeclaredConstructor", ctor, false);
    replace(cls, "getConstructor", ctor, false);
    replace(cls, "getDeclaredConstructors", "()[Ljava/lang/reflect/Constructor;", false);
    replace(cls, "getConstructors", "()[Ljava/lang/reflect/Constructor;", false);
    String handles = "java/lang/invoke/MethodHandles";
    String lookup = "java/lang/invoke/MethodHandles$Lookup";
    String lookupType = "Ljava/lang/invoke/MethodHandles$Lookup;";
    replace(handles, "privateLookupIn", "(Ljava/lang/Class;" + lookupType + ")" + lookupType, true);
    String mh = "Ljava/lang/invoke/MethodHandle;";
    String vh = "Ljava/lang/invoke/VarHandle;";
    String type = "Ljava/lang/invoke/MethodType;";
    replace(lookup, "findStatic", "(Ljava/lang/Class;Ljava/lang/String;" + type + ")" + mh, false);
    replace(lookup, "findVirtual", "(Ljava/lang/Class;Ljava/lang/String;" + type + ")" + mh, false);
    replace(
        lookup,
        "findSpecial",
        "(Ljava/lang/Class;Ljava/lang/String;" + type + "Ljava/lang/Class;)" + mh,
        false);
    replace(lookup, "findConstructor", "(Ljava/lang/Class;" + type + ")" + mh, false);
    String field = "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)";
    for (String n : new String[] {"findGetter", "findSetter", "findStaticGetter", "findStaticSetter"}) {
      replace(lookup, n, field + mh, false);
    }
    replace(lookup, "findVarHandle", field + vh, false);
    replace(lookup, "findStaticVarHandle", field + vh, false);
    replace(lookup, "findClass", "(Ljava/lang/String;)Ljava/lang/Class;", false);
    replace(lookup, "unreflect", "(Ljava/lang/reflect/Method;)" + mh, false);
    replace(lookup, "unreflectGetter", "(Ljava/lang/reflect/Field;)" + mh, false);
    replace(lookup, "unreflectSetter", "(Ljava/lang/reflect/Field;)" + mh, false);
    replace(lookup, "unreflectVarHandle", "(Ljava/lang/reflect/Field;)" + vh, false);
    replace(lookup, "in", "(Ljava/lang/Class;)" + lookupType, false);
    replace(lookup, "defineClass", "([B)Ljava/lang/Class;", false);
    replace(
        lookup,
        "defineHiddenClass",
        "([BZ[Ljava/lang/invoke/MethodHandles$Lookup$ClassOption;)" + lookupType,
        false);
    String invoke = "(Ljavax/management/ObjectName;Ljava/lang/String;[Ljava/lang/Object;[Ljava/lang/String;)Ljava/lang/Object;";
    REPLACED.put(
        "javax/management/MBeanServerConnection.invoke" + invoke,
        new Replacement("mbeanInvoke", "(Ljavax/management/MBeanServerConnection;" + invoke.substring(1)));
    REPLACED.put(
        "javax/management/MBeanServer.invoke" + invoke,
        new Replacement("mbeanInvoke", "(Ljavax/management/MBeanServerConnection;" + invoke.substring(1)));
  }

  /** Why a use of `owner` is refused outright, or null. */
  static String refusedOwner(String owner) {
    if (owner.startsWith("org/panta/")) {
      return "a use of Panta's own " + owner.replace('/', '.');
    }
    if (owner.equals("sun/misc/Unsafe") || owner.startsWith("jdk/internal/")) {
      return "a use of " + owner.replace('/', '.');
    }
    if (owner.startsWith("com/sun/tools/attach/")
        || owner.startsWith("sun/tools/attach/")
        || owner.equals("java/lang/instrument/Instrumentation")
        || owner.startsWith("net/bytebuddy/agent/")) {
      return "attaching to the JVM (" + owner.replace('/', '.') + ")";
    }
    if (owner.startsWith("com/sun/management/")) {
      return "the management bean " + owner.replace('/', '.') + " (heap dumps, diagnostic commands)";
    }
    return null;
  }

  /** Why the call is refused outright, or null. */
  static String refusedCall(String owner, String name, String desc) {
    String why = refusedOwner(owner);
    if (why != null) {
      return why;
    }
    boolean jdk = owner.startsWith("java/") || owner.startsWith("javax/") || owner.startsWith("sun/");
    if (jdk && desc.contains("Ljava/io/FileDescriptor;")) {
      return "a file descriptor stream (" + owner.replace('/', '.') + "." + name + ")";
    }
    boolean nativeLoad = name.equals("load") || name.equals("loadLibrary");
    if (nativeLoad && (owner.equals("java/lang/System") || owner.equals("java/lang/Runtime"))) {
      return "loading native code (" + owner.replace('/', '.') + "." + name + ")";
    }
    return null;
  }

  /** java.io's classes whose constructors open a file named by their first argument. */
  private static final Set<String> FILE_CLASSES =
      Set.of(
          "java/io/FileOutputStream",
          "java/io/FileInputStream",
          "java/io/RandomAccessFile",
          "java/io/FileWriter",
          "java/io/FileReader",
          "java/io/PrintStream",
          "java/io/PrintWriter",
          "java/util/Formatter",
          "java/util/Scanner");

  /** A reflective call whose method reference would skip the checks made at its call site. */
  static boolean reflectiveUse(String owner, String name) {
    if (!owner.startsWith("java/lang/reflect/")) {
      return false;
    }
    boolean value =
        owner.equals("java/lang/reflect/Field")
            && name.matches("(get|set)(Boolean|Byte|Char|Short|Int|Long|Float|Double)?");
    return value
        || name.equals("setAccessible")
        || name.equals("trySetAccessible")
        || name.equals("invoke")
        || name.equals("newInstance");
  }

  /** A guarded method: local variables renumbered so that new ones can be added. */
  private static final class Sites extends LocalVariablesSorter {
    private final String self;
    /** The temporaries this rewriting added: dead at every frame, so TOP there. */
    private final List<int[]> temporaries = new ArrayList<>();

    Sites(int access, String desc, MethodVisitor next, String self) {
      super(Opcodes.ASM9, access, desc, next);
      this.self = self;
    }

    @Override
    protected void updateNewLocals(Object[] newLocals) {
      for (int[] t : temporaries) {
        for (int i = t[0]; i < t[0] + t[1] && i < newLocals.length; i++) {
          newLocals[i] = Opcodes.TOP;
        }
      }
    }

    private int temporary(Type type) {
      int local = newLocal(type);
      temporaries.add(new int[] {local, type.getSize()});
      return local;
    }

    private void refuse(String why) {
      super.visitLdcInsn(why);
      super.visitMethodInsn(Opcodes.INVOKESTATIC, GUARD, "refuse", "(Ljava/lang/String;)V", false);
    }

    private void check(String name, String desc) {
      super.visitMethodInsn(Opcodes.INVOKESTATIC, GUARD, name, desc, false);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
      String refused = refusedCall(owner, name, desc);
      if (refused != null) {
        refuse(refused);
      } else if (opcode != Opcodes.INVOKESPECIAL && replaced(owner, name, desc)) {
        return;
      } else {
        precheck(opcode, owner, name, desc);
      }
      super.visitMethodInsn(opcode, owner, name, desc, itf);
    }

    /** Emits the Guard call that takes the place of this one; false when there is none. */
    private boolean replaced(String owner, String name, String desc) {
      Replacement r = REPLACED.get(owner + "." + name + desc);
      if (r != null) {
        check(r.guardName(), r.guardDesc());
        return true;
      }
      if (owner.equals("java/lang/Class")
          && name.equals("forName")
          && desc.equals("(Ljava/lang/String;)Ljava/lang/Class;")) {
        super.visitLdcInsn(Type.getObjectType(self));  // its loader, as the caller's
        check("forName", "(Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Class;");
        return true;
      }
      return false;
    }

    /**
     * The checks of calls that stay as they are (caller-sensitive ones: the access a reflective
     * call has is its caller's; constructors): made before them, with their arguments back on
     * the stack as they were.
     */
    private void precheck(int opcode, String owner, String name, String desc) {
      boolean reflect = owner.startsWith("java/lang/reflect/");
      if (name.equals("loadClass") && desc.startsWith("(Ljava/lang/String;")) {
        checkArgs(desc, 0, "checkClassName", "(Ljava/lang/String;)V");
      } else if (reflect
          && name.equals("invoke")
          && desc.equals("(Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;")) {
        super.visitInsn(Opcodes.DUP2_X1);  // m, target, args -> target, args, m, target, args
        super.visitInsn(Opcodes.POP2);  // -> target, args, m
        super.visitInsn(Opcodes.DUP_X2);  // -> m, target, args, m
        check("checkInvoke", "(Ljava/lang/reflect/Method;)V");
      } else if (reflect
          && name.equals("newInstance")
          && desc.equals("([Ljava/lang/Object;)Ljava/lang/Object;")) {
        super.visitInsn(Opcodes.DUP2);
        super.visitInsn(Opcodes.POP);
        check("checkNewInstance", "(Ljava/lang/reflect/Constructor;)V");
      } else if (reflect && name.equals("setAccessible") && desc.equals("(Z)V")) {
        super.visitInsn(Opcodes.DUP2);
        check("checkAccessible", "(Ljava/lang/reflect/AccessibleObject;Z)V");
      } else if (reflect
          && name.equals("setAccessible")
          && desc.equals("([Ljava/lang/reflect/AccessibleObject;Z)V")) {
        super.visitInsn(Opcodes.DUP2);
        check("checkAccessible", "([Ljava/lang/reflect/AccessibleObject;Z)V");
      } else if (reflect && name.equals("trySetAccessible") && desc.equals("()Z")) {
        super.visitInsn(Opcodes.DUP);
        check("checkAccessible", "(Ljava/lang/reflect/AccessibleObject;)V");
      } else if (owner.equals("java/lang/management/ManagementFactory")
          && desc.contains("Ljava/lang/Class;)")) {
        super.visitInsn(Opcodes.DUP);  // the interface asked for is the last argument
        check("checkManagementInterface", "(Ljava/lang/Class;)V");
      } else if (name.equals("defineClass") && opcode != Opcodes.INVOKESTATIC) {
        guardDefinedBytes(desc);
      } else {
        checkFileSink(opcode, owner, name, desc);
      }
    }

    /** Calls that open a file: its path checked first (after symbolic links, by Guard). */
    private void checkFileSink(int opcode, String owner, String name, String desc) {
      Type[] args = Type.getArgumentTypes(desc);
      if (args.length == 0) {
        return;
      }
      String first = args[0].getDescriptor();
      boolean constructor = opcode == Opcodes.INVOKESPECIAL && name.equals("<init>");
      if (constructor && owner.equals("java/io/File") && args.length == 2 && first.equals("Ljava/lang/String;")) {
        checkArgs(desc, 0, 1, "checkFilePair", "(Ljava/lang/String;Ljava/lang/String;)V");
      } else if (constructor && owner.equals("java/io/File") && args.length == 2 && first.equals("Ljava/io/File;")) {
        checkArgs(desc, 0, 1, "checkFilePair", "(Ljava/io/File;Ljava/lang/String;)V");
      } else if (constructor && FILE_CLASSES.contains(owner)) {
        boolean scanner = owner.equals("java/util/Scanner");
        if (first.equals("Ljava/lang/String;") && !scanner) {
          checkArgs(desc, 0, "checkPathText", "(Ljava/lang/String;)V");
        } else if (first.equals("Ljava/io/File;")) {
          checkArgs(desc, 0, "checkFile", "(Ljava/io/File;)V");
        } else if (first.equals("Ljava/nio/file/Path;")) {
          checkArgs(desc, 0, "checkPath", "(Ljava/nio/file/Path;)V");
        }
      } else if (opcode == Opcodes.INVOKESTATIC
          && (owner.equals("java/nio/file/Files")
              || owner.equals("java/nio/channels/FileChannel")
              || owner.equals("java/nio/channels/AsynchronousFileChannel"))
          && first.equals("Ljava/nio/file/Path;")) {
        boolean second = args.length > 1 && args[1].getDescriptor().equals("Ljava/nio/file/Path;");
        if (second) {
          checkArgs(desc, 0, 1, "checkPaths", "(Ljava/nio/file/Path;Ljava/nio/file/Path;)V");
        } else {
          checkArgs(desc, 0, "checkPath", "(Ljava/nio/file/Path;)V");
        }
      } else if (owner.startsWith("java/lang/ProcessBuilder") && first.equals("Ljava/io/File;")) {
        checkArgs(desc, 0, "checkFile", "(Ljava/io/File;)V");
      }
    }

    /** Calls `checker` on argument `a` of a call with `desc`, its arguments kept on the stack. */
    private void checkArgs(String desc, int a, String checker, String checkerDesc) {
      checkArgs(desc, a, -1, checker, checkerDesc);
    }

    /** Calls `checker` on arguments `a` (and `b` when not -1), the arguments kept. */
    private void checkArgs(String desc, int a, int b, String checker, String checkerDesc) {
      Type[] args = Type.getArgumentTypes(desc);
      int[] locals = new int[args.length];
      for (int i = args.length - 1; i >= 0; i--) {
        locals[i] = temporary(args[i]);
        mv.visitVarInsn(args[i].getOpcode(Opcodes.ISTORE), locals[i]);
      }
      mv.visitVarInsn(args[a].getOpcode(Opcodes.ILOAD), locals[a]);
      if (b >= 0) {
        mv.visitVarInsn(args[b].getOpcode(Opcodes.ILOAD), locals[b]);
      }
      check(checker, checkerDesc);
      for (int i = 0; i < args.length; i++) {
        mv.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), locals[i]);
      }
    }

    /**
     * ClassLoader.defineClass([name,] b, off, len[, domain or code source]): b guarded, off 0,
     * len its size; one from a ByteBuffer is refused.
     */
    private void guardDefinedBytes(String desc) {
      Type[] args = Type.getArgumentTypes(desc);
      int bytes = -1;
      for (int i = 0; i + 2 < args.length; i++) {
        if (args[i].getDescriptor().equals("[B")
            && args[i + 1] == Type.INT_TYPE
            && args[i + 2] == Type.INT_TYPE) {
          bytes = i;
        }
      }
      if (bytes < 0) {
        if (desc.contains("Ljava/nio/ByteBuffer;")) {
          refuse("a class defined from a ByteBuffer");
        }
        return;
      }
      int[] after = new int[args.length - bytes - 3];
      for (int i = args.length - 1; i >= bytes + 3; i--) {
        after[i - bytes - 3] = temporary(args[i]);
        mv.visitVarInsn(args[i].getOpcode(Opcodes.ISTORE), after[i - bytes - 3]);
      }
      check("defineBytes", "([BII)[B");
      super.visitInsn(Opcodes.DUP);
      super.visitInsn(Opcodes.ARRAYLENGTH);
      super.visitInsn(Opcodes.ICONST_0);
      super.visitInsn(Opcodes.SWAP);
      for (int i = bytes + 3; i < args.length; i++) {
        mv.visitVarInsn(args[i].getOpcode(Opcodes.ILOAD), after[i - bytes - 3]);
      }
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String desc) {
      String why = refusedOwner(owner);
      if (why == null && owner.equals("java/io/FileDescriptor")) {
        why = "the standard file descriptor FileDescriptor." + name;
      }
      if (why != null) {
        refuse(why);
      }
      super.visitFieldInsn(opcode, owner, name, desc);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
      String why = refusedOwner(type.startsWith("[") ? Type.getType(type).getElementType().getInternalName() : type);
      if (why != null) {
        refuse(why);
      }
      super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitLdcInsn(Object value) {
      String why = null;
      if (value instanceof Type t && t.getSort() == Type.OBJECT) {
        why = refusedOwner(t.getInternalName());
      } else if (value instanceof Handle h) {
        why = refusedHandle(h);
      } else if (value instanceof ConstantDynamic) {
        why = "a dynamic constant";
      }
      if (why != null) {
        refuse(why);
      }
      super.visitLdcInsn(value);
    }

    /** Why a method reference to `h` is refused: its call site would have been checked. */
    private static String refusedHandle(Handle h) {
      String why = refusedCall(h.getOwner(), h.getName(), h.getDesc());
      if (why == null && reflectiveUse(h.getOwner(), h.getName())) {
        why = "a method reference to " + h.getOwner().replace('/', '.') + "." + h.getName();
      }
      if (why == null
          && (h.getName().equals("loadClass")
              || h.getName().equals("defineClass")
              || (h.getTag() == Opcodes.H_NEWINVOKESPECIAL && FILE_CLASSES.contains(h.getOwner()))
              || h.getOwner().equals("java/nio/file/Files"))) {
        why = "a method reference to " + h.getOwner().replace('/', '.') + "." + h.getName();
      }
      return why;
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... bsmArgs) {
      Object[] args = bsmArgs.clone();
      for (int i = 0; i < args.length; i++) {
        if (!(args[i] instanceof Handle h)) {
          continue;
        }
        Replacement r = REPLACED.get(h.getOwner() + "." + h.getName() + h.getDesc());
        if (r == null
            && h.getOwner().equals("java/lang/Class")
            && h.getName().equals("forName")
            && h.getDesc().equals("(Ljava/lang/String;)Ljava/lang/Class;")) {
          r = new Replacement("forName", h.getDesc());
        }
        if (r != null && h.getTag() != Opcodes.H_NEWINVOKESPECIAL && h.getTag() != Opcodes.H_INVOKESPECIAL) {
          args[i] = new Handle(Opcodes.H_INVOKESTATIC, GUARD, r.guardName(), r.guardDesc(), false);
          continue;
        }
        String why = refusedHandle(h);
        if (why != null) {
          refuse(why);
        }
      }
      super.visitInvokeDynamicInsn(name, desc, bsm, args);
    }
  }
}
